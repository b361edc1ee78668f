// `xcount count`: split, solve the subproblems on all threads (resuming from a journal),
// report the total and check it against --expect.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <memory>
#include <stdexcept>

#include "cli.hpp"
#include "commands.hpp"
#include "json.hpp"
#include "progress.hpp"
#include "signals.hpp"
#include "xcount/distributed.hpp"
#include "xcount/journal.hpp"
#include "xcount/shard.hpp"

namespace xcount::cli {

namespace {

struct Outcome {
    SearchStats total;
    double seconds = 0;
    int threads = 1;
    int depth = 0;
    std::size_t subproblems = 1;
    std::size_t resumed = 0;
    std::vector<std::pair<std::size_t, double>> slowest;  // (id, seconds), slowest first
    std::size_t shard_index = 0, shard_count = 1;
    std::string symmetry;                    // one line saying what the group did ("" if none)
    std::vector<std::string> element_names;  // with --symmetry check
    std::vector<Count> fixed;                // Fix(g) per element
};

// What a count runs: the problem's matrix or its symmetry reduction, cut into subproblems.
struct Plan {
    SymmetryMode mode = SymmetryMode::none;  // resolved: none, check or reduce
    std::optional<Group> group;
    std::optional<Reduction> reduction;
    const Matrix* matrix = nullptr;
    Split split;
    std::string note;  // what the group does, for the report
};

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The split depth a resumed run must use, when the journal says and the user does not.
std::optional<int> fixed_depth(const Settings& settings) {
    if (settings.split_depth) return settings.split_depth;
    if (!settings.checkpoint.empty())
        if (const auto header = read_journal_header(settings.checkpoint)) return header->depth;
    return std::nullopt;
}

std::string names_of(const Group& group) {
    std::string names;
    for (std::size_t k = 0; k < group.order(); ++k) names += (k ? ", " : "") + group.element(k).name;
    return names;
}

Plan make_plan(const Problem& problem, const Settings& settings, int threads) {
    Plan plan;
    plan.mode = settings.symmetry;
    if (plan.mode == SymmetryMode::automatic) plan.mode = problem.symmetries.empty() ? SymmetryMode::none : SymmetryMode::check;
    if (plan.mode != SymmetryMode::none) {
        if (problem.symmetries.empty())
            throw InputError("--symmetry: " + problem.name + " has no symmetry group (a DLX file, or a model without one)");
        plan.group = Group::generate(problem.matrix, problem.symmetries);
        plan.note = "group of order " + std::to_string(plan.group->order()) + ": " + names_of(*plan.group);
    }
    if (plan.mode == SymmetryMode::reduce) {
        plan.reduction = reduce(problem.matrix, *plan.group);
        if (plan.reduction) {
            const Reduction& r = *plan.reduction;
            plan.note = "reduced by the " + std::to_string(r.stabiliser.size()) + " of " + std::to_string(plan.group->order()) +
                        " symmetries that fix item " + problem.matrix.item(r.item).name + ": it goes first, with " +
                        std::to_string(r.orbits) + " of its " + std::to_string(r.options_before) +
                        " options (one per orbit, weighted by the orbit's size)";
        } else {
            std::cerr << "xcount: no item is fixed by any symmetry but the identity, so --symmetry reduce cannot apply; checking instead\n";
            plan.mode = SymmetryMode::check;
        }
    }
    plan.matrix = plan.reduction ? &plan.reduction->matrix : &problem.matrix;
    const ItemId first = plan.reduction ? plan.reduction->item : -1;
    const int min_depth = plan.reduction ? 1 : 0;  // weights sit on the first choice
    const auto depth = fixed_depth(settings);
    // Shards run on machines with different core counts, yet must cut the tree alike: their
    // automatic depth depends on K only (256 subproblems per shard).
    // Likewise MPI ranks, whose nodes may differ: 256 subproblems per rank.
    std::size_t wanted = 64 * static_cast<std::size_t>(threads);
    if (!settings.out.empty()) wanted = 256 * settings.shard_count;
    if (settings.mpi) wanted = 256 * static_cast<std::size_t>(mpi_size());
    plan.split = depth ? split_at_depth(*plan.matrix, std::max(*depth, min_depth), first)
                       : split_automatically(*plan.matrix, wanted, first, min_depth);
    if (plan.reduction) plan.split.set_weights(plan.reduction->weight);
    return plan;
}

std::string fingerprint_mode(const Plan& plan) {
    switch (plan.mode) {
        case SymmetryMode::check: return "count+check/" + std::to_string(plan.group->order());
        case SymmetryMode::reduce: return "count+reduce/" + std::to_string(plan.group->order());
        default: return "count";
    }
}

void write_subproblem_stats(const std::string& path, const Split& split, const RunReport& report) {
    std::ofstream out(path);
    if (!out) throw InputError(path + ": cannot open for writing");
    for (std::size_t id = 0; id < split.size(); ++id) {
        const SubproblemResult& r = report.results[id];
        if (!r.finished) continue;
        std::string prefix = "[";
        for (OptionId o : split.prefix(id)) prefix += (prefix.size() > 1 ? ", " : "") + std::to_string(o);
        out << JsonObject()
                   .field("id", std::uint64_t{id})
                   .raw("prefix", prefix + "]")
                   .field("solutions", r.stats.solutions)
                   .field("updates", r.stats.updates)
                   .field("nodes", r.stats.nodes)
                   .field("seconds", r.seconds)
                   .str()
            << '\n';
    }
    if (!out) throw InputError(path + ": write failed");
}

std::vector<std::pair<std::size_t, double>> slowest(const RunReport& report, std::size_t how_many) {
    std::vector<std::pair<std::size_t, double>> times;
    for (std::size_t id = 0; id < report.results.size(); ++id)
        if (report.results[id].finished) times.emplace_back(id, report.results[id].seconds);
    const std::size_t k = std::min(how_many, times.size());
    std::partial_sort(times.begin(), times.begin() + static_cast<long>(k), times.end(),
                      [](const auto& a, const auto& b) { return a.second > b.second; });
    times.resize(k);
    return times;
}

Outcome parallel_count(const Problem& problem, const Settings& settings, const std::atomic<bool>& stop, bool show_progress) {
    const auto start = std::chrono::steady_clock::now();
    Outcome outcome;
    outcome.threads = resolve_threads(settings.threads);
    const Plan plan = make_plan(problem, settings, outcome.threads);
    const Split& split = plan.split;
    const Group* checking = plan.mode == SymmetryMode::check ? &*plan.group : nullptr;
    outcome.depth = split.depth();
    outcome.subproblems = split.size();
    outcome.symmetry = plan.note;

    std::vector<SubproblemResult> known;
    std::unique_ptr<Journal> journal;
    const bool leader = mpi_rank() == 0;  // only rank 0 keeps the journal and reports
    if (!settings.checkpoint.empty() && leader) {
        const JournalHeader header{run_fingerprint(*plan.matrix, split.depth(), fingerprint_mode(plan)), split.depth(), split.size(),
                                   checking ? checking->order() : 0};
        journal = std::make_unique<Journal>(settings.checkpoint, header, known);
    }
    for (std::size_t id = settings.shard_index; id < known.size(); id += settings.shard_count)
        outcome.resumed += known[id].finished ? 1 : 0;

    RunReport report;
    {
        ProgressDisplay progress((split.size() + settings.shard_count - 1 - settings.shard_index) / settings.shard_count,
                                 outcome.resumed, show_progress && leader);
        RunOptions options{.threads = outcome.threads,
                           .group = checking,
                           .stop = &stop,
                           .on_finished = [&](std::size_t id, const SubproblemResult& r) {
                               if (journal) journal->record(id, r);
                               progress.finished(r);
                           },
                           .shard_index = settings.shard_index,
                           .shard_count = settings.shard_count};
        report = settings.mpi ? run_split_mpi(*plan.matrix, split, std::move(known), options)
                              : run_split(*plan.matrix, split, std::move(known), options);
    }
    if (journal) journal->sync();
    if (!leader) return outcome;  // a worker rank: rank 0 has the figures
    if (!settings.subproblem_stats.empty()) write_subproblem_stats(settings.subproblem_stats, split, report);
    outcome.total = report.total;
    outcome.fixed = report.fixed;
    if (checking)
        for (std::size_t k = 0; k < checking->order(); ++k) outcome.element_names.push_back(checking->element(k).name);
    outcome.slowest = slowest(report, 3);
    outcome.seconds = seconds_since(start);
    outcome.shard_index = settings.shard_index;
    outcome.shard_count = settings.shard_count;
    if (!settings.out.empty() && outcome.total.complete) {
        ShardResult shard{run_fingerprint(*plan.matrix, split.depth(), fingerprint_mode(plan)), split.depth(), split.size(),
                          settings.shard_index, settings.shard_count, problem.name, report.total, outcome.seconds,
                          problem.overcount, outcome.element_names, report.fixed, report.own};
        write_shard(settings.out, shard);
    }
    if (!outcome.total.complete && received_signal() != 0) {
        const auto done = static_cast<std::size_t>(std::count_if(report.results.begin(), report.results.end(),
                                                                 [](const SubproblemResult& r) { return r.finished; }));
        std::cerr << "xcount: stopped by signal " << received_signal() << ": " << done << " of " << split.size()
                  << " subproblems done" << (journal ? "; run again with the same --checkpoint to resume" : "") << '\n';
    }
    return outcome;
}

// --limit: a sequential preview that stops after so many solutions.
Outcome limited_count(const Problem& problem, const Settings& settings) {
    const auto start = std::chrono::steady_clock::now();
    Outcome outcome;
    Dancer dancer(problem.matrix);
    outcome.total = dancer.count(Limits{.max_solutions = settings.limit});
    outcome.seconds = seconds_since(start);
    return outcome;
}

// Burnside's count, when Fix(g) was counted; "not an integer" is a bug and fails the run.
struct Distinct {
    bool counted = false;
    std::optional<Count> value;  // nullopt when counted: the sum of Fix(g) is not a multiple of |G|
};

Distinct distinct_of(const Outcome& o) {
    if (o.fixed.empty() || !o.total.complete || o.shard_count > 1) return {};
    return {true, burnside(o.fixed)};
}

bool distinct_ok(const Settings& settings, const Distinct& d) {
    if (d.counted && !d.value) return false;
    return !settings.expect_distinct || (d.value && *d.value == *settings.expect_distinct);
}

void print_symmetry(const Settings& settings, const Outcome& o, const Distinct& d) {
    if (o.symmetry.empty()) return;
    std::cout << "symmetry: " << o.symmetry << '\n';
    if (!o.fixed.empty()) {
        std::cout << "fixed:";
        for (std::size_t k = 0; k < o.fixed.size(); ++k) std::cout << (k ? ", " : " ") << o.element_names[k] << ' ' << to_string(o.fixed[k]);
        std::cout << '\n';
    }
    if (d.counted && d.value) std::cout << "distinct: " << to_string(*d.value) << " (up to symmetry, by Burnside's lemma)\n";
    if (d.counted && !d.value) std::cout << "distinct: NOT AN INTEGER: the sum of Fix(g) is not a multiple of the group's order (a bug)\n";
    if (settings.expect_distinct && d.counted)
        std::cout << "expected distinct: " << to_string(*settings.expect_distinct) << (distinct_ok(settings, d) ? " (ok)" : " (MISMATCH)") << '\n';
}

// What the report says about the problem: its name, and its matrix's size when known.
struct Heading {
    std::string name;
    std::size_t items = 0, options = 0;  // 0: unknown (a merge)
};

void print(const Heading& problem, const Settings& given, const Outcome& o) {
    Settings settings = given;
    if (o.shard_count > 1) settings.expect = settings.expect_distinct = std::nullopt;  // checked by the merge
    const bool matches = !settings.expect || *settings.expect == o.total.solutions;
    const Distinct d = distinct_of(o);
    if (settings.json) {
        std::string slow = "[";
        for (const auto& [id, seconds] : o.slowest)
            slow += (slow.size() > 1 ? ", " : "") + JsonObject().field("id", std::uint64_t{id}).field("seconds", seconds).str();
        JsonObject j;
        j.field("problem", problem.name);
        if (problem.items) j.field("items", std::uint64_t{problem.items}).field("options", std::uint64_t{problem.options});
        j.field("solutions", o.total.solutions)
            .field("updates", o.total.updates)
            .field("nodes", o.total.nodes)
            .field("seconds", o.seconds)
            .field("complete", o.total.complete)
            .field("threads", o.threads)
            .field("depth", o.depth)
            .field("subproblems", std::uint64_t{o.subproblems})
            .field("resumed", std::uint64_t{o.resumed})
            .raw("slowest", slow + "]");
        if (settings.expect) j.field("expected", *settings.expect).field("matches", matches);
        if (o.shard_count > 1) j.field("shard", std::to_string(o.shard_index) + "/" + std::to_string(o.shard_count));
        if (!o.symmetry.empty()) j.field("symmetry", o.symmetry);
        if (!o.fixed.empty()) {
            JsonObject fixed;
            for (std::size_t k = 0; k < o.fixed.size(); ++k) fixed.field(o.element_names[k], o.fixed[k]);
            j.field("group_order", std::uint64_t{o.fixed.size()}).raw("fixed", fixed.str());
        }
        if (d.counted) d.value ? j.field("distinct", *d.value) : j.raw("distinct", "null");
        if (settings.expect_distinct) j.field("expected_distinct", *settings.expect_distinct).field("matches_distinct", distinct_ok(settings, d));
        std::cout << j.str() << '\n';
        return;
    }
    const char* partial = settings.limit ? " (stopped at --limit: not the total)" : " (stopped early: not the total)";
    std::cout << "problem: " << problem.name << '\n'
              << "solutions: " << to_string(o.total.solutions) << (o.total.complete ? "" : partial) << '\n'
              << "updates: " << o.total.updates << '\n'
              << "nodes: " << o.total.nodes << '\n'
              << "seconds: " << o.seconds << '\n';
    if (settings.expect)
        std::cout << "expected: " << to_string(*settings.expect) << (matches ? " (ok)" : " (MISMATCH)") << '\n';
    if (o.shard_count > 1)
        std::cout << "shard: " << o.shard_index << "/" << o.shard_count << " (this share only: xcount merge the "
                  << o.shard_count << " result files for the total)\n";
    print_symmetry(settings, o, d);
    if (o.subproblems == 0) return;  // a merge: no split of its own to describe
    if (settings.verbose || !settings.limit) {
        std::cout << "threads: " << o.threads;
        if (mpi_size() > 1) std::cout << " per rank, MPI ranks: " << mpi_size();
        std::cout << ", split depth: " << o.depth << ", subproblems: " << o.subproblems;
        if (o.resumed) std::cout << " (" << o.resumed << " resumed from the checkpoint)";
        std::cout << '\n';
    }
    if (!o.slowest.empty()) {
        std::cout << "slowest subproblems:";
        for (const auto& [id, seconds] : o.slowest) std::cout << " #" << id << " " << seconds << " s";
        std::cout << '\n';
    }
}

// Labelled copies of identical pieces make the search find each solution `overcount` times.
void divide_overcount(Count overcount, Outcome& outcome) {
    if (overcount == 1 || outcome.shard_count > 1) return;  // a share is divided once merged
    if (outcome.total.complete && outcome.total.solutions % overcount != 0)
        throw std::logic_error("the search's total is not a multiple of the model's overcount");
    outcome.total.solutions /= overcount;
}

int verdict(const Settings& settings, const Outcome& outcome) {
    if (!outcome.total.complete) return kExitPartial;
    if (outcome.shard_count > 1) return kExitOk;  // a share: the merge checks the total
    const bool total_ok = !settings.expect || *settings.expect == outcome.total.solutions;
    return total_ok && distinct_ok(settings, distinct_of(outcome)) ? kExitOk : kExitMismatch;
}

}  // namespace

CountResult count_quietly(const Problem& problem, const Settings& settings, const std::atomic<bool>& stop) {
    Outcome outcome = parallel_count(problem, settings, stop, false);
    divide_overcount(problem.overcount, outcome);
    const Distinct d = distinct_of(outcome);
    return {outcome.total, outcome.seconds, d.counted, d.value};
}

int count_command(const Problem& problem, const Settings& settings) {
    Outcome outcome =
        settings.limit ? limited_count(problem, settings)
                       : parallel_count(problem, settings, stop_on_signals(), settings.progress || (!settings.json && isatty(2)));
    if (mpi_rank() != 0) return kExitOk;  // a worker rank prints nothing
    divide_overcount(problem.overcount, outcome);
    print({problem.name, problem.matrix.item_count(), problem.matrix.option_count()}, settings, outcome);
    return verdict(settings, outcome);
}

int merge_command(const std::vector<std::string>& files, const Settings& settings) {
    const ShardResult merged = merge_shards(files);
    Outcome outcome;
    outcome.total = merged.total;
    outcome.seconds = merged.seconds;
    outcome.depth = merged.depth;
    outcome.subproblems = 0;
    outcome.element_names = merged.element_names;
    outcome.fixed = merged.fixed;
    if (!merged.fixed.empty()) outcome.symmetry = "group of order " + std::to_string(merged.fixed.size()) + " (Fix(g) summed over the shards)";
    divide_overcount(merged.overcount, outcome);
    print({merged.problem + " (" + std::to_string(merged.count) + " shards merged)"}, settings, outcome);
    return verdict(settings, outcome);
}

}  // namespace xcount::cli
