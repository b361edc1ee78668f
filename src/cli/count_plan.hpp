// src/cli/count_plan.hpp: what a count runs, decided before it runs: the symmetry mode, the
// group, the matrix (the problem's or its reduction) and its split into subproblems.
#pragma once

#include <optional>
#include <string>

#include "problem.hpp"
#include "settings.hpp"
#include "xcount/split.hpp"
#include "xcount/symmetry.hpp"

namespace xcount::cli {

// What a count runs: the problem's matrix or its symmetry reduction, cut into subproblems.
struct Plan {
    SymmetryMode mode = SymmetryMode::none;  // resolved: none, check or reduce
    std::optional<Group> group;
    std::optional<Reduction> reduction;
    const Matrix* matrix = nullptr;
    Split split;
    std::string note;  // what the group does, for the report
    Choice choice;     // the item-choice rule the split was made with
    // A long count's estimated work per subproblem (updates; empty for a short one): what its
    // automatic depth was chosen by, and the order it is solved in.
    std::vector<double> work;
};

Plan make_plan(const Problem& problem, const Settings& settings, int threads);

// The mode part of a journal's or shard file's fingerprint: "count", "count+check/8", ...
std::string fingerprint_mode(const Plan& plan);

}  // namespace xcount::cli
