// Fuzz target: checkpoint journals. A journal whose header reads is opened for a run with that
// header: every recorded line is parsed; a damaged one is refused (InputError) or, as the last
// line, dropped (a torn write); never a crash or a result for a subproblem that does not exist.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "fuzz_files.hpp"
#include "xcount/error.hpp"
#include "xcount/journal.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace xcount;
    const fuzz::TempFile file(data, size, ".journal");
    try {
        const auto header = read_journal_header(file.path());
        if (!header || header->subproblems > 100000 || header->group_order > 1000) return 0;
        std::vector<SubproblemResult> known;
        Journal journal(file.path(), *header, known);
        if (known.size() != header->subproblems) throw std::logic_error("known results do not match the subproblem count");
        for (const SubproblemResult& r : known)
            if (r.finished && header->group_order != 0 && r.fixed.size() != header->group_order)
                throw std::logic_error("a result lacks its Fix(g) counts");
    } catch (const InputError&) {
    }
    return 0;
}
