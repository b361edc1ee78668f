// `count` and `solve` on an input that holds many problems (a --givens-file of one sudoku a
// line): a report for each, in the input's order, each named by where it is ("FILE:LINE").
#include <omp.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <optional>

#include "cli.hpp"
#include "commands.hpp"
#include "count_report.hpp"
#include "json.hpp"
#include "registry.hpp"
#include "signals.hpp"

namespace xcount::cli {

namespace po = boost::program_options;

namespace {

// Problems counted at once on the threads between two rounds of printing.
constexpr std::size_t kRound = 256;

struct InstanceCount {
    SearchStats stats;
    std::string error;  // the instance could not be built (bad givens): what was wrong
};

InstanceCount count_instance(const Model& model, const Instance& instance, const po::variables_map& values, const Settings& settings) {
    try {
        const Problem problem = model.build_instance(values, instance);
        const Limits limits{.stop = &stop_on_signals()};
        SearchStats stats = with_engine(method_of(problem, settings), problem.matrix, [&](auto& engine) { return engine.count(limits); });
        stats.solutions /= problem.overcount;
        return {stats, ""};
    } catch (const InputError& e) {
        return {{}, e.what()};
    }
}

std::string count_line(const Instance& instance, const SearchStats& stats, const Settings& settings) {
    const bool expected = !settings.expect || *settings.expect == stats.solutions;
    if (settings.json) {
        JsonObject o;
        o.field("where", instance.where)
            .field("givens", instance.text)
            .exact("solutions", stats.solutions)
            .field("complete", stats.complete)
            .field("nodes", stats.nodes);
        if (settings.expect) o.field("as_expected", expected);
        return o.str();
    }
    if (!stats.complete) return instance.where + ": stopped (partial " + to_string(stats.solutions) + ")";
    return instance.where + ": " + to_string(stats.solutions) + (stats.solutions == 1 ? " solution" : " solutions") +
           (expected ? "" : " (expected " + to_string(*settings.expect) + ")");
}

// What the puzzles came to: how many have one solution, none, more; how many are off --expect.
struct Tally {
    std::size_t counted = 0, unique = 0, none = 0, several = 0, unexpected = 0;
    bool stopped = false;
    void add(const SearchStats& stats, const Settings& settings) {
        if (!stats.complete) {
            stopped = true;
            return;
        }
        ++counted;
        (stats.solutions == 0 ? none : stats.solutions == 1 ? unique : several) += 1;
        if (settings.expect && *settings.expect != stats.solutions) ++unexpected;
    }
};

int count_instances(const Model& model, const std::vector<Instance>& instances, const po::variables_map& values, const Settings& settings) {
    const auto start = std::chrono::steady_clock::now();
    const int threads = resolve_threads(settings.run.threads);
    Tally tally;
    for (std::size_t first = 0; first < instances.size() && !tally.stopped; first += kRound) {
        const std::size_t last = std::min(instances.size(), first + kRound);
        std::vector<InstanceCount> round(last - first);
#pragma omp parallel for schedule(dynamic) num_threads(threads)
        for (std::size_t k = first; k < last; ++k) round[k - first] = count_instance(model, instances[k], values, settings);
        for (std::size_t k = first; k < last && !tally.stopped; ++k) {
            const InstanceCount& result = round[k - first];
            if (!result.error.empty()) throw InputError(instances[k].where + ": " + result.error);
            std::cout << count_line(instances[k], result.stats, settings) << '\n';
            tally.add(result.stats, settings);
        }
        std::cout << std::flush;
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const std::string summary = std::to_string(tally.counted) + " of " + std::to_string(instances.size()) +
                                " puzzles counted: " + std::to_string(tally.unique) + " with one solution, " + std::to_string(tally.none) +
                                " with none, " + std::to_string(tally.several) + " with more; " + seconds_text(seconds) + " s" +
                                (tally.unexpected ? "; " + std::to_string(tally.unexpected) + " not as --expect says" : "");
    (settings.json ? std::cerr << "xcount: " : std::cout) << summary << (tally.stopped ? " (stopped by a signal)" : "") << '\n';
    if (tally.stopped) return kExitPartial;
    return tally.unexpected ? kExitMismatch : kExitOk;
}

int solve_instances(const Model& model, const std::vector<Instance>& instances, const po::variables_map& values, const Settings& settings) {
    if (settings.parallel_stream)
        throw InputError("--threads, --split-depth, --checkpoint, --shard, --out and --distinct stream one problem; a file of " +
                         std::to_string(instances.size()) + " is solved one after another");
    std::size_t solved = 0, printed = 0, tried = 0;
    bool stopped = false;
    for (std::size_t k = 0; k < instances.size() && !stopped; ++k, ++tried) {
        Problem problem;
        try {
            problem = model.build_instance(values, instances[k]);
        } catch (const InputError& e) {
            throw InputError(instances[k].where + ": " + e.what());
        }
        Count number = 0;
        auto print = [&](std::span<const OptionId> solution) {
            const std::string line = solution_line(problem, solution, ++number, settings.json, instances[k].where) + '\n';
            std::fwrite(line.data(), 1, line.size(), stdout);
        };
        const Limits limits{.max_solutions = settings.all ? 0 : static_cast<Count>(settings.print), .stop = &stop_on_signals()};
        const SearchStats stats = search_solutions(problem, method_of(problem, settings), limits, print);
        stopped = !stats.complete && stop_on_signals();  // not complete: a signal, or --print reached
        solved += number > 0;
        printed += static_cast<std::size_t>(*number.to_u64());  // at most --print
    }
    std::fflush(stdout);
    std::cerr << "xcount: " << printed << (printed == 1 ? " solution" : " solutions") << " printed for "
              << (stopped ? std::to_string(tried) + " of " : "") << instances.size() << " puzzles: " << solved << " solved, "
              << tried - solved << (stopped ? " without one yet" : " with no solution")
              << (settings.all ? "" : " (at most --print of each)") << (stopped ? " (stopped by a signal)" : "") << '\n';
    return stopped ? kExitPartial : kExitOk;
}

// The flags that make sense only for one long count.
void refuse_single_count_flags(const Settings& settings, std::size_t instances) {
    const std::string held = "the input holds " + std::to_string(instances) + " puzzles, counted one after the other: ";
    if (!settings.checkpoint.empty()) throw InputError(held + "no --checkpoint");
    if (settings.run.shard_count > 1 || settings.mpi) throw InputError(held + "no --shard or --mpi");
    if (!settings.subproblem_stats.empty()) throw InputError(held + "no --subproblem-stats");
    if (settings.limits.any() || settings.limit > 0) throw InputError(held + "no --time-limit, --node-limit or --limit");
    if (settings.expect_distinct) throw InputError(held + "no --expect-distinct");
}

}  // namespace

int batch_command(Command command, const Model& model, const std::vector<Instance>& instances, const po::variables_map& values,
                  const Settings& settings) {
    refuse_single_count_flags(settings, instances.size());
    if (command == Command::count) return count_instances(model, instances, values, settings);
    if (command == Command::solve) return solve_instances(model, instances, values, settings);
    throw InputError("the input holds " + std::to_string(instances.size()) +
                     " puzzles: count and solve take many, the other commands one (" + instances.front().where + " is the first)");
}

}  // namespace xcount::cli
