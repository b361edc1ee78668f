// The plan a count asks for (count, solve --all): the flags' request with the model's
// preference, the depth a journal requires, and the checks that every MPI rank cut alike.
#include <iostream>

#include "count_run.hpp"
#include "xcount/distributed.hpp"

namespace xcount::cli {

namespace {

// The split depth a resumed run must use, when the journal says and the user does not.
std::optional<int> required_depth(const Settings& settings) {
    if (settings.plan.depth) return settings.plan.depth;
    if (!settings.checkpoint.empty())
        if (const auto header = read_journal_header(settings.checkpoint)) return header->depth;
    return std::nullopt;
}

}  // namespace

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

Plan plan_for(const Problem& problem, const Settings& settings, int threads, const Stop& stop) {
    if (settings.plan.symmetry != SymmetryMode::automatic && settings.plan.symmetry != SymmetryMode::none && problem.symmetries.empty())
        throw InputError("--symmetry: " + problem.name + " has no symmetry group (a DLX file, or a model without one)");
    const bool mpi_worker = settings.mpi && mpi_rank() != 0;
    PlanRequest request = settings.plan;
    request.method.prefers_scan = problem.prefers_scan;
    request.depth = mpi_worker ? std::optional<int>(std::stoi(mpi_agree(""))) : required_depth(settings);
    request.threads = threads;
    request.shards = settings.out.empty() ? 0 : settings.run.shard_count;
    request.ranks = settings.mpi ? mpi_size() : 0;
    request.stop = stop.flag();
    Plan plan = make_plan(problem.matrix, problem.symmetries, request);
    if (!plan.warning.empty()) std::cerr << "xcount: warning: " << plan.warning << '\n';
    if (settings.mpi && !mpi_worker) mpi_agree("", 0, std::to_string(plan.split.depth()));
    return plan;
}

void check_fixed_asked(const Problem& problem, const Settings& settings, const Plan& plan) {
    const Group* checking = plan.fixed_group();
    if (settings.expect_distinct && !checking) {
        if (problem.symmetries.empty())
            throw InputError("--expect-distinct: " + problem.name +
                             " has no symmetry group (a DLX file, or a model without one), so nothing is counted up to symmetry");
        if (plan.mode == SymmetryMode::reduce)
            throw InputError(
                "--expect-distinct: this reduction keeps only part of the group (no item or small orbit of items is fixed "
                "by every symmetry), so no Fix(g) is counted: use --symmetry check");
        throw InputError(
            "--expect-distinct needs --symmetry check: with --symmetry none no Fix(g) is counted, so there is no distinct count");
    }
    if (settings.check_fixed && (!checking || problem.matrix.has_colours() || problem.matrix.has_multiplicities()))
        throw InputError(checking ? "--check-fixed: the problems fixed by the symmetries are built only for matrices without colours or "
                                    "multiplicities"
                                  : "--check-fixed: this count finds no Fix(g) to recount (see --expect-distinct)");
}

void check_same_split_as_rank0(const std::string& fingerprint, std::size_t subproblems) {
    const std::string mine = fingerprint + " with " + std::to_string(subproblems) + " subproblems";
    const std::string rank0 = mpi_agree("", 0, mine);
    if (mine != rank0)
        throw InputError("this rank split another problem (fingerprint " + mine + ") than rank 0 (" + rank0 +
                         "): do all ranks read the same files?");
    mpi_agree("");
}

}  // namespace xcount::cli
