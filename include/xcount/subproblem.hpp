// xcount/subproblem.hpp: what is known of one subproblem of a split: finished with its figures,
// stopped part way at a position, or not started. The runner fills it in; journals, shard
// files, MPI ranks and progress read and carry it.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "xcount/count.hpp"
#include "xcount/search.hpp"

namespace xcount {

struct SubproblemResult {
    bool finished = false;
    SearchStats stats;
    double seconds = 0;
    std::vector<Count> fixed;  // with a group: Fix(g) per element over this subtree's solutions
    // The subproblem's weight (Split::weight): under a reduction, the solutions stand for this
    // many times as many (stats.solutions is the representatives' count; journals keep both).
    Count weight = 1;
    LevelProfile profile;  // with RunOptions::profile: nodes and updates per level
    // Unfinished: the options below the prefix where its walk stopped; the figures above cover
    // all the work before that position (see Limits::position). Empty: nothing done yet.
    std::vector<OptionId> position;
    // With a stream of solutions to a file (solve --all --out): the file's length once this
    // subproblem's solutions were written, as its journal line keeps it.
    std::optional<std::uint64_t> streamed_to;
    bool partial() const { return !finished && !position.empty(); }
};

}  // namespace xcount
