// src/cli/settings.hpp: the flags of the commands that build a problem, read into a plain
// Settings struct (checked, so the commands never touch argv). The flags themselves, their
// defaults, ranges and help, are the rows of flag_table.hpp.
#pragma once

#include "xcount/plan.hpp"
#include "xcount/runner.hpp"

#include <boost/program_options.hpp>
#include <optional>
#include <string>

#include "xcount/count.hpp"

namespace xcount::cli {

enum class Command { count, solve, exprt, estimate, show };

enum class ColourMode { never, automatic, always };

struct Settings {
    bool help = false;
    bool json = false;
    bool verbose = false;
    Count limit = 0;                       // stop after this many solutions (0: all)
    std::optional<Count> expect;           // the published total to check against
    std::optional<Count> expect_distinct;  // the published count up to symmetry
    bool check_fixed = false;              // recount Fix(g) on the problems the symmetries fix
    SymmetryMode symmetry = SymmetryMode::automatic;
    int threads = 0;                               // 0: all cores
    std::optional<int> split_depth;                // nullopt: automatic
    std::string checkpoint;                        // journal file ("" : none)
    bool progress = false;                         // forced on (it is on anyway on a terminal, unless --json)
    double progress_interval = 10;                 // seconds between progress lines to a non-terminal
    std::string subproblem_stats;                  // JSON-lines file of per-subproblem figures ("" : none)
    long print = 1;                                // solve: how many solutions to print
    bool all = false;                              // solve: stream every solution
    bool distinct = false;                         // solve --all: one solution per orbit of the group
    bool parallel_stream = false;                  // solve --all on the count's machinery (threads, split, journal, shards)
    std::string out;                               // export: output file ("" or "-": stdout); count: the shard result file
    std::size_t shard_index = 0, shard_count = 1;  // count: --shard I/K
    bool mpi = false;                              // count: over MPI ranks (mpirun ... xcount count ... --mpi)
    EngineKind engine = EngineKind::automatic;     // count, solve, show: auto, dlx, cells or bits
    double time_limit = 0;                         // count: stop after this many seconds (0: none); the result is partial
    std::uint64_t node_limit = 0;                  // count: stop after about this many search-tree nodes (0: none)
    std::uint64_t memo_memory = 0;                 // count: the memo engine's table at most (--memo-memory, or a quarter of the RAM)
    std::uint64_t max_memory = 0;                  // refuse problems needing more (bytes; set from --max-memory or half the RAM)
    Choice choice;                                 // count, solve: the item-choice rule and its seed
    std::uint64_t probes = 1000;                   // estimate: random root-to-leaf paths
    bool profile = false;                          // count: nodes and updates per tree level
    bool choice_given = false;                     // --choose on the command line (else auto: see resolve_choice)
    bool seed_given = false;                       // --seed was given (a random rule without it cannot be split)
    long solution = 1;                             // show: which solution, in the search's order (1 = the first)
    std::string svg;                               // show: write the picture to this file ("" : none)
    ColourMode colour = ColourMode::automatic;     // solve, show: coloured letters on a terminal
};

unsigned scope_of(Command command);  // its Scope in the flag table
boost::program_options::options_description flags_for(Command command);
Settings read_settings(Command command, const boost::program_options::variables_map& values);

// InputError when `text` holds something like one of Boost.Program_options' message
// placeholders (%value%, %invalid_line%, ...): formatting an error about such a value loops
// forever in Boost 1.74.
void refuse_placeholders(const std::string& text, const std::string& where);

// --seed as a 64-bit number, or a random one when it is absent.
std::uint64_t seed_flag(const boost::program_options::variables_map& values);

// The count given as --NAME (exact decimal, any size), or nullopt when absent.
std::optional<Count> count_flag(const boost::program_options::variables_map& values, const char* name);

}  // namespace xcount::cli
