// xcount: the command line. Parsing and dispatch live in src/cli; this only turns every
// failure into one line on stderr and an exit status.
#include <algorithm>
#include <boost/program_options/errors.hpp>
#include <iostream>
#include <new>
#include <stdexcept>

#include "cli/cli.hpp"
#include "xcount/distributed.hpp"
#include "xcount/error.hpp"

namespace {

int run_catching(int argc, char** argv) {
    try {
        return xcount::cli::run(std::vector<std::string>(argv + 1, argv + argc));
    } catch (const xcount::InputError& e) {
        std::cerr << "xcount: " << e.what() << '\n';
    } catch (const boost::program_options::error& e) {
        std::cerr << "xcount: " << e.what() << '\n';
    } catch (const std::bad_alloc&) {
        std::cerr << "xcount: out of memory\n";
        return 1;
    } catch (const std::overflow_error& e) {
        std::cerr << "xcount: " << e.what() << ": no total to report\n";
        return 1;
    }
    return xcount::cli::kExitBadInput;
}

}  // namespace

int main(int argc, char** argv) {
    // MPI starts only for --mpi: a plain run never needs mpirun.
    const bool mpi = std::any_of(argv + 1, argv + argc, [](const char* a) { return std::string(a) == "--mpi"; });
    if (mpi) xcount::mpi_start(argc, argv);
    const int status = run_catching(argc, argv);
    if (mpi) xcount::mpi_finish();
    return status;
}
