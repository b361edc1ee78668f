// xcount/distributed.hpp: the same subproblems over MPI ranks (built when CMake finds MPI).
//
// Rank 0 decides everything: it plans the split (and reads the journal, which only it may
// see), tells the other ranks the depth, and keeps the list of unfinished subproblems. It
// hands out chunks of ids on request, with the node budget left, so slow subtrees never stall
// a rank; every other rank solves its chunk with its OpenMP threads (run_split on those ids)
// and sends the figures back, each marked finished or not, with its next request. Rank 0
// merges the finished ones in subproblem order, calls on_finished for each (its journal), and
// returns the report; the other ranks return an empty one. With one rank, rank 0 solves all.
//
// Failures reach every rank. Before a run the ranks meet in mpi_agree: a rank that could not
// set up (a file it cannot read, another matrix) makes every rank throw RankFailure with its
// message. During a run a worker's error goes to rank 0 instead of its results; rank 0 stops
// handing out work, collects what the others finish, then throws it as RankFailure.
//
//     mpirun -np 4 xcount count queens --n 16 --mpi --checkpoint q16.journal
#pragma once

#include <stdexcept>
#include <string>

#include "xcount/runner.hpp"

namespace xcount {

bool mpi_available();  // built with MPI support
void mpi_start(int& argc, char**& argv);
void mpi_finish();
int mpi_rank();
int mpi_size();

// A failure on behalf of a rank: `status` is the exit status, what() the message rank 0
// prints ("rank 2: ..." when another rank failed). `agreed`: every rank has thrown it (from
// mpi_agree); otherwise only rank 0 knows of it yet (a worker's error during a run).
class RankFailure : public std::runtime_error {
public:
    RankFailure(int status, const std::string& message, bool agreed) : std::runtime_error(message), status(status), agreed(agreed) {}
    int status;
    bool agreed;
};

// Collective: every rank calls it at the same point. `error` is this rank's failure ("" when
// it is ready; `status` its exit status) and `payload` rank 0's word to all. Returns rank 0's
// payload; throws RankFailure on every rank when any failed, with the lowest failing rank's
// status and message. Without MPI it returns `payload` (or throws for a failure).
std::string mpi_agree(const std::string& error, int status = 0, const std::string& payload = "");

// True between a run's agreement and the end of its hand-out loop: the ranks are talking to
// each other, so a failure that escapes now cannot be agreed on and must abort the job.
bool mpi_in_run();
[[noreturn]] void mpi_abort(int status);

// Collective over MPI_COMM_WORLD: every rank calls it with the same matrix and split.
RunReport run_split_mpi(const Matrix& matrix, const Split& split, std::vector<SubproblemResult> done, const RunOptions& options);

}  // namespace xcount
