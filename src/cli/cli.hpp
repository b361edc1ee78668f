// src/cli/cli.hpp: the xcount command line, `xcount COMMAND PROBLEM [OPTIONS]`.
//
// Exit status: 0 done, 1 a count differs from the expected one, 2 bad input (one line on
// stderr naming what was wrong), 3 stopped before the end (a limit or a signal).
#pragma once

#include <string>
#include <vector>

namespace xcount::cli {

constexpr int kExitOk = 0;
constexpr int kExitMismatch = 1;
constexpr int kExitBadInput = 2;
constexpr int kExitPartial = 3;

int run(const std::vector<std::string>& args);

// `run JOB.ini` or `count JOB.ini` whose job file says `mpi = true`: the run needs MPI as
// with --mpi, decided before anything starts (false for anything else, a bad file included:
// the run itself then says what is wrong).
bool job_asks_for_mpi(const std::vector<std::string>& args);

}  // namespace xcount::cli
