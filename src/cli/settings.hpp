// src/cli/settings.hpp: what the flags of a command ask for, as one Settings value. Each row of
// flag_table.cpp reads its flag into the field it names here (most of them straight into the
// library's own requests, RunOptions and PlanRequest, which the commands hand on as they are);
// validate() then holds the rules that tie flags together.
#pragma once

#include "xcount/plan.hpp"
#include "xcount/runner.hpp"

#include <boost/program_options.hpp>
#include <optional>
#include <string>

#include "xcount/count.hpp"

namespace xcount::cli {

enum class Command { count, solve, export_dlx, estimate, show };

enum class ColourMode { never, automatic, always };

struct Settings {
    bool help = false;
    bool json = false;
    bool verbose = false;
    // --threads, --profile, --shard, --memo-memory: the runner's own request, completed by the
    // count with its engine (the plan's), callbacks, group, order and stop.
    RunOptions run;
    StopLimits limits;  // --time-limit (from the process's start), --node-limit: the count's Stop
    // --symmetry, --engine, --choose, --seed, --split-depth: what the plan is asked for (a count
    // adds the model's scan preference, who shares the subproblems, and the stop).
    PlanRequest plan;
    Count limit = 0;                            // stop after this many solutions (0: all)
    std::optional<Count> expect;                // the published total to check against
    std::optional<Count> expect_distinct;       // the published count up to symmetry
    bool check_fixed = false;                   // recount Fix(g) on the problems the symmetries fix
    bool full_group = false;                    // --symmetry full: Fix(g) over the classes of Problem::full_group
    bool relabel = true;                        // merge states equal up to renaming the model's symbols
    std::string by_piece;                       // count by the copies of this piece ("" : a total)
    std::string checkpoint;                     // journal file ("" : none)
    bool progress = false;                      // forced on (it is on anyway on a terminal, unless --json)
    double progress_interval = 10;              // seconds between progress lines to a non-terminal
    std::string subproblem_stats;               // JSON-lines file of per-subproblem figures ("" : none)
    long print = 1;                             // solve: how many solutions to print
    bool all = false;                           // solve: stream every solution
    bool distinct = false;                      // solve --all: one solution per orbit of the group
    bool parallel_stream = false;               // solve --all on the count's machinery (threads, split, journal, shards)
    std::string out;                            // export: output file ("" or "-": stdout); count: the shard result file
    bool mpi = false;                           // count: over MPI ranks (mpirun ... xcount count ... --mpi)
    std::uint64_t max_memory = 0;               // refuse problems needing more (bytes; set from --max-memory or half the RAM)
    bool max_memory_given = false;              // --max-memory was given: it bounds the memo table too
    std::uint64_t probes = 1000;                // estimate: random root-to-leaf paths
    bool seed_given = false;                    // --seed was given (a random rule without it cannot be split)
    long solution = 1;                          // show: which solution, in the search's order (1 = the first)
    std::string svg;                            // show: write the picture to this file ("" : none)
    ColourMode colour = ColourMode::automatic;  // solve, show: coloured letters on a terminal
};

unsigned scope_of(Command command);  // its Scope in the flag table
boost::program_options::options_description flags_for(Command command);
// Every flag of the command's rows read into its field (each row checks its own value), then
// validate(): the settings the command runs with.
Settings read_settings(Command command, const boost::program_options::variables_map& values);
// The rules between flags (what goes with what, defaults that depend on other flags); InputError
// naming the flags when they do not fit together.
void validate(Command command, const boost::program_options::variables_map& values, Settings& s);

std::uint64_t seed_text(const std::string& text);  // 0..2^64-1
std::uint64_t random_seed();
std::uint64_t seed_flag(const boost::program_options::variables_map& values);  // --seed, or a random one

// InputError when `text` holds something like one of Boost.Program_options' message
// placeholders (%value%, %invalid_line%, ...): formatting an error about such a value loops
// forever in Boost 1.74.
void refuse_placeholders(const std::string& text, const std::string& where);

}  // namespace xcount::cli
