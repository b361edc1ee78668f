// xcount/distributed.hpp: the same subproblems over MPI ranks (built when CMake finds MPI).
//
// Rank 0 keeps the list of unfinished subproblems and hands out chunks of ids on request, so
// slow subtrees never stall a rank; every other rank solves its chunk with its OpenMP threads
// (run_split on those ids) and sends the figures back with its next request. Rank 0 merges
// them in subproblem order, calls on_finished for each (its checkpoint journal), and returns
// the report; the other ranks return an empty one. With one rank, rank 0 solves everything.
//
//     mpirun -np 4 xcount count queens --n 16 --mpi --checkpoint q16.journal
#pragma once

#include "xcount/runner.hpp"

namespace xcount {

bool mpi_available();  // built with MPI support
void mpi_start(int& argc, char**& argv);
void mpi_finish();
int mpi_rank();
int mpi_size();

// Collective over MPI_COMM_WORLD: every rank calls it with the same matrix and split.
RunReport run_split_mpi(const Matrix& matrix, const Split& split, std::vector<SubproblemResult> done, const RunOptions& options);

}  // namespace xcount
