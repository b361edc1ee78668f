// The MPI entry points of a build without MPI: one process, rank 0 of 1.
#include "xcount/distributed.hpp"

namespace xcount {

bool mpi_available() { return false; }
void mpi_start(int&, char**&) {}
void mpi_finish() {}
int mpi_rank() { return 0; }
int mpi_size() { return 1; }

RunReport run_split_mpi(const Matrix& matrix, const Split& split, std::vector<SubproblemResult> done, const RunOptions& options) {
    return run_split(matrix, split, std::move(done), options);
}

}  // namespace xcount
