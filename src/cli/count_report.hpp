// src/cli/count_report.hpp: the figures of a finished count (or a merge) and how they are
// printed, as text or JSON, and judged against the expected counts.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "settings.hpp"
#include "xcount/dancer.hpp"
#include "xcount/memo_table.hpp"

namespace xcount::cli {

struct Outcome {
    SearchStats total;
    double seconds = 0;
    int threads = 1;
    std::string engine;        // the engine that counted ("" for a merge)
    std::string updates_unit;  // what its updates count (xcount::updates_unit; "" for a merge)
    int depth = 0;
    std::size_t subproblems = 1;
    std::size_t resumed = 0;
    std::size_t resumed_partly = 0;                       // subproblems a journal had stopped part way, carried on
    std::vector<std::pair<std::size_t, double>> slowest;  // (id, seconds), slowest first
    std::size_t shard_index = 0, shard_count = 1;
    std::size_t shards_merged = 0;           // a merge of this many shard files (0: a count)
    std::string symmetry;                    // one line saying what the group did ("" if none)
    std::string choice;                      // the item-choice rule when not mrv ("" for mrv)
    std::optional<LevelProfile> profile;     // with --profile
    std::vector<std::string> stored_items;   // with --profile: the names of profile->stored_item
    std::vector<std::string> element_names;  // with --symmetry check
    std::vector<Count> fixed;                // Fix(g) per element (per class, with class_sizes)
    std::vector<Count> class_sizes;          // --symmetry full: per conjugacy class of the whole group, its elements
    std::vector<Count> fixed_recounted;      // with --check-fixed: the same from the fixed-point problems
    bool fixed_recount_stopped = false;      // a stop came before Fix(g)'s count or recount was done
    std::string fixed_stop;                  // then why: "at --node-limit", "by signal 15"
    std::string failure;                     // a write that failed (journal, --out): printed after the figures, exit 2
    // The memo engine's table of the run, freed with the outcome: after the report, since
    // freeing a table of gigabytes takes seconds on a busy machine.
    std::shared_ptr<MemoTables> memo_tables;
    MemoFigures memo;                 // the memo engine's table (stored 0: another engine)
    std::uint64_t largest_share = 0;  // layers shared by MPI ranks: the most states one rank moved
    std::size_t renamed_symbols = 0;  // the memo engine keyed states up to renaming this many symbols (0: none)
    std::size_t renamed_sets = 0;     // in this many sets (Matrix::symbol_sets)
};

// What the report says about the problem: its name, and its matrix's size when known.
struct Heading {
    std::string name;
    std::size_t items = 0, options = 0;  // 0: unknown (a merge)
    std::string distinct_flag = {};      // Problem::distinct_flag
};

// Burnside's count, when Fix(g) was counted; "not an integer" is a bug and fails the run.
struct Distinct {
    bool counted = false;
    std::optional<Count> value;    // nullopt when counted: the sum of Fix(g) is not a multiple of |G|
    bool recount_differs = false;  // --check-fixed found another Fix(g): a bug, fails the run
};

Distinct distinct_of(const Outcome& o);
// A time for people: 0.001317, 12.345, 4766 (no exponent; the precision its size deserves).
std::string seconds_text(double seconds);
// A percentage with one decimal: "35.2%".
std::string percent_text(double percent);
// A long time for people: "45.2 s", "12.5 minutes", "3.2 hours", "4.1e+09 days".
std::string duration_text(double seconds);
void print(const Heading& problem, const Settings& settings, const Outcome& o);
// Labelled copies of identical pieces make the search find each solution `overcount` times.
// Fix(g) of each element by name ("identity 9356, flip-x 0, ..."); in a group of more than
// 8, the elements fixing nothing are summed up ("; 0 for the other 47").
std::string fixed_text(const std::vector<std::string>& names, const std::vector<Count>& fixed);

// After "subproblems: N": how many a journal held finished, and how many it held part done,
// as " (388 resumed from the checkpoint, 1 carried on from where it stopped)"; "" for none.
std::string resumed_text(std::size_t finished, std::size_t partly);

void divide_overcount(Count overcount, Outcome& outcome);
// The one pass/fail rule of `count`, `merge`, `run` and `verify`: the total is the expected
// one (when given), and the count up to symmetry, where counted, is an integer and the
// expected one (when given).
bool as_expected(const Settings& settings, Count solutions, const Distinct& distinct);
int verdict(const Settings& settings, const Outcome& outcome);  // the exit status

}  // namespace xcount::cli
