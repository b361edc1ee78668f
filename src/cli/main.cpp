// xcount: the command line. Parsing and dispatch live in src/cli; this only turns every
// failure into one line on stderr and an exit status, on every MPI rank alike.
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <boost/program_options/errors.hpp>
#include <filesystem>
#include <iostream>
#include <new>
#include <stdexcept>
#include <utility>
#include <vector>

#include <unistd.h>

#include "cli/cli.hpp"
#include "xcount/distributed.hpp"
#include "xcount/error.hpp"

namespace {

constexpr int kExitNoTotal = 1;  // as a mismatch: the run has no total to trust

// The exit status and the message for a failure.
std::pair<int, std::string> failure_of(std::exception_ptr error) {
    try {
        std::rethrow_exception(error);
    } catch (const xcount::RankFailure& e) {
        return {e.status, e.what()};
    } catch (const xcount::InputError& e) {
        return {xcount::cli::kExitBadInput, e.what()};
    } catch (const boost::program_options::error& e) {
        return {xcount::cli::kExitBadInput, e.what()};
    } catch (const xcount::Stopped&) {  // a step that heard a stop and had nothing to report
        return {xcount::cli::kExitPartial, "stopped before anything was counted: no figures to report"};
    } catch (const std::bad_alloc&) {
        return {kExitNoTotal, "out of memory"};
    } catch (const std::overflow_error& e) {
        return {kExitNoTotal, std::string(e.what()) + ": no total to report"};
    } catch (const std::exception& e) {
        return {kExitNoTotal, std::string("internal error (a bug, please report it): ") + e.what()};
    }
}

bool agreed(std::exception_ptr error) {
    try {
        std::rethrow_exception(error);
    } catch (const xcount::RankFailure& e) {
        return e.agreed;
    } catch (...) {
        return false;
    }
}

// A total that never reached its reader (stdout on a full disk, a closed pipe) is a failure.
void check_standard_output() {
    errno = 0;
    std::cout.flush();
    const bool failed = std::fflush(stdout) != 0 || std::ferror(stdout) || std::cout.fail();
    if (failed)
        throw xcount::InputError(std::string("cannot write the standard output") + (errno ? ": " + std::string(std::strerror(errno)) : ""));
}

// Under MPI every rank ends in one more agreement, where a rank that failed after the last
// run (or never reached it) meets the others; rank 0 prints for all of them.
int run_catching(int argc, char** argv, bool mpi) {
    std::exception_ptr error;
    try {
        const int status = xcount::cli::run(std::vector<std::string>(argv + 1, argv + argc));
        check_standard_output();
        if (mpi) xcount::mpi_agree("");
        return status;
    } catch (...) {
        error = std::current_exception();
    }
    auto [status, message] = failure_of(error);
    if (mpi && !agreed(error)) {
        if (xcount::mpi_in_run()) {  // the other ranks are mid-run and cannot hear of it: end the job
            std::cerr << "xcount: rank " << xcount::mpi_rank() << ": " << message << '\n';
            xcount::mpi_abort(status);
        }
        try {
            xcount::mpi_agree(message, status);
        } catch (const xcount::RankFailure& e) {
            std::tie(status, message) = std::pair<int, std::string>{e.status, e.what()};
        }
    }
    if (mpi && xcount::mpi_rank() != 0) return xcount::cli::kExitOk;  // rank 0 reports for all
    std::cerr << "xcount: " << message << '\n';
    return status;
}

#ifdef XCOUNT_MPI_PROGRAM
// This program is the one-process build; a --mpi run is the MPI build's, from this program's
// folder, so that a plain run never loads the MPI libraries. Returns only where it cannot run
// that program, with the reason.
std::string hand_over_to_mpi_program(char** argv) {
    std::error_code error;
    const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
    const std::filesystem::path program = (error ? std::filesystem::path(argv[0]) : self).parent_path() / XCOUNT_MPI_PROGRAM;
    ::execv(program.c_str(), argv);
    return program.string() + ": " + std::strerror(errno);
}
#endif

// The arguments, with --mpi added where a job file asks for MPI (so that the MPI build takes
// the run, and starts MPI, as for --mpi given), null-terminated for execv.
std::vector<char*> arguments_of(int argc, char** argv, bool& mpi) {
    std::vector<char*> args(argv, argv + argc);
    mpi = std::any_of(argv + 1, argv + argc, [](const char* a) { return std::string(a) == "--mpi"; });
    if (!mpi && xcount::cli::job_asks_for_mpi(std::vector<std::string>(argv + 1, argv + argc))) {
        static char flag[] = "--mpi";
        args.push_back(flag);
        mpi = true;
    }
    args.push_back(nullptr);
    return args;
}

}  // namespace

int main(int argc, char** argv) {
    // MPI starts only for --mpi (or a job's mpi = true): a plain run never needs mpirun.
    bool mpi = false;
    std::vector<char*> args = arguments_of(argc, argv, mpi);
    argc = static_cast<int>(args.size()) - 1;
    argv = args.data();
#ifdef XCOUNT_MPI_PROGRAM
    if (mpi && !xcount::mpi_available()) {
        const std::string why = hand_over_to_mpi_program(argv);
        std::cerr << "xcount: --mpi runs " << XCOUNT_MPI_PROGRAM << ", the MPI build, from xcount's folder: " << why << '\n';
        return xcount::cli::kExitBadInput;
    }
#endif
    if (mpi) xcount::mpi_start(argc, argv);
    const int status = run_catching(argc, argv, mpi);
    if (mpi) xcount::mpi_finish();
    return status;
}
