// Fuzz target: job files (Boost's config-file syntax and the count flags). Only InputError
// may come out, with the file's name in it; the settings of a job that reads are read too.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "cli/jobs.hpp"
#include "cli/settings.hpp"
#include "fuzz_files.hpp"
#include "xcount/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace xcount;
    const fuzz::TempFile file(data, size, ".ini");
    try {
        const cli::Job job = cli::load_job(file.path(), {});
        cli::read_settings(cli::Command::count, job.values);
    } catch (const InputError& e) {
        if (std::string(e.what()).find(file.path()) == std::string::npos && std::string(e.what()).find("--") == std::string::npos)
            throw std::logic_error(std::string("a job error that names neither the file nor a flag: ") + e.what());
    }
    return 0;
}
