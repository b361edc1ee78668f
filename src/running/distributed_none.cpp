// The MPI entry points of a build without MPI: one process, rank 0 of 1.
#include "xcount/distributed.hpp"

#include <cstdlib>

namespace xcount {

bool mpi_available() { return false; }
void mpi_start(int&, char**&) {}
void mpi_finish() {}
int mpi_rank() { return 0; }
int mpi_size() { return 1; }
bool mpi_in_run() { return false; }
void mpi_abort(int status) { std::exit(status); }

std::string mpi_agree(const std::string& error, int status, const std::string& payload) {
    if (!error.empty()) throw RankFailure(status, error, true);
    return payload;
}

RunReport run_split_mpi(const Matrix& matrix, const Split& split, std::vector<SubproblemResult> done, const RunOptions& options) {
    return run_split(matrix, split, std::move(done), options);
}

}  // namespace xcount
