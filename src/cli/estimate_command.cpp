// `xcount estimate PROBLEM [--probes N] [--seed S] [--threads T] [--json]`: the tree `count`
// would search, estimated by Knuth's random paths, and the time it would take here: the update
// rate is measured by counting for a quarter of a second (which, on a small problem, simply
// finishes the count: then the figures are exact).
#include <chrono>
#include <cstdio>
#include <iostream>
#include <optional>

#include "cli.hpp"
#include "count_report.hpp"
#include "commands.hpp"
#include "json.hpp"
#include "signals.hpp"
#include "xcount/estimate.hpp"
#include "xcount/plan.hpp"
#include "xcount/runner.hpp"

namespace xcount::cli {

namespace {

std::string figure(const EstimateFigure& f) {
    char text[64];
    std::snprintf(text, sizeof text, "%.4g +- %.2g", f.mean, f.error);
    return text;
}

std::string duration(double seconds) {
    char text[64];
    if (seconds < 120)
        std::snprintf(text, sizeof text, "%.3g s", seconds);
    else if (seconds < 2 * 3600)
        std::snprintf(text, sizeof text, "%.3g minutes", seconds / 60);
    else if (seconds < 2 * 86400)
        std::snprintf(text, sizeof text, "%.3g hours", seconds / 3600);
    else
        std::snprintf(text, sizeof text, "%.3g days", seconds / 86400);
    return text;
}

// A signal came during the probes: the estimate of those made (as unbiased, less precise), exit 3.
int print_stopped(const Problem& problem, const Settings& settings, const TreeEstimate& e, double seconds) {
    if (settings.json) {
        JsonObject j;
        j.field("problem", problem.name)
            .field("probes", e.probes)
            .field("probes_asked", settings.probes)
            .field("stopped", true)
            .raw("nodes", JsonObject().field("estimate", e.nodes.mean).field("error", e.nodes.error).str())
            .raw("updates", JsonObject().field("estimate", e.updates.mean).field("error", e.updates.error).str())
            .raw("solutions", JsonObject().field("estimate", e.solutions.mean).field("error", e.solutions.error).str());
        std::cout << j.str() << '\n';
    } else {
        std::cout << "problem: " << problem.name << '\n'
                  << "probes: " << e.probes << " of " << settings.probes << " (stopped by a signal after " << seconds_text(seconds)
                  << " s: the estimate is of these)\n";
        if (e.probes > 0)
            std::cout << "nodes: " << figure(e.nodes) << '\n'
                      << "updates: " << figure(e.updates) << '\n'
                      << "solutions: " << figure(e.solutions) << '\n';
    }
    return kExitPartial;
}

}  // namespace

int estimate_command(const Problem& problem, const Settings& given) {
    const Settings settings = with_choice_resolved(given, problem);
    const Choice choice{settings.plan.choice.rule, 0};
    const int threads = resolve_threads(settings.run.threads);
    const auto started = std::chrono::steady_clock::now();
    const std::atomic<bool>& signalled = stop_on_signals();
    std::optional<Plan> reduced;  // with --symmetry reduce: the tree the reduced count walks
    if (settings.plan.symmetry == SymmetryMode::reduce) {
        if (problem.symmetries.empty()) throw InputError("--symmetry reduce: " + problem.name + " has no symmetry group");
        reduced = make_plan(problem.matrix, problem.symmetries,
                            {.symmetry = SymmetryMode::reduce, .choice = choice, .depth = 0, .stop = &signalled});
        if (reduced->mode != SymmetryMode::reduce) reduced.reset();  // nothing to reduce by: the whole tree
    }
    const TreeEstimate e = reduced
                               ? estimate_split(reduced->matrix(), reduced->split, settings.probes, settings.plan.choice.seed, &signalled)
                               : estimate_tree(problem.matrix, settings.probes, settings.plan.choice.seed, choice, &signalled);
    const double probe_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (e.probes < settings.probes) return print_stopped(problem, settings, e, probe_seconds);

    // The update rate on one thread of the engine `count` would use, from a quarter-second count.
    SearchStats sample;
    double sample_seconds = 0;
    {
        const Stop stop(&stop_on_signals(), {.max_seconds = 0.25});
        const auto begin = std::chrono::steady_clock::now();
        sample = with_engine(
            EngineKind::automatic, problem.matrix, [&](auto& engine) { return engine.count(Limits{.stop = stop.flag()}); }, choice);
        sample_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    }
    const double rate = sample_seconds > 0 ? static_cast<double>(sample.updates) / sample_seconds : 0;
    const double one_thread = sample.complete ? sample_seconds : (rate > 0 ? e.updates.mean / rate : 0);
    const double many = one_thread / threads;  // assuming a linear speed-up (see the benchmark)

    if (settings.json) {
        JsonObject j;
        j.field("problem", problem.name)
            .field("probes", e.probes)
            .field("seed", std::to_string(settings.plan.choice.seed))
            .field("choose", choice_text(choice))
            .field("symmetry", reduced ? reduced->note : "none")
            .raw("nodes", JsonObject().field("estimate", e.nodes.mean).field("error", e.nodes.error).str())
            .raw("updates", JsonObject().field("estimate", e.updates.mean).field("error", e.updates.error).str())
            .raw("solutions", JsonObject().field("estimate", e.solutions.mean).field("error", e.solutions.error).str())
            .field("mean_depth", e.mean_depth)
            .field("updates_per_second", rate)
            .field("seconds_one_thread", one_thread)
            .field("threads", threads)
            .field("seconds", many)
            .field("exact", sample.complete);
        if (sample.complete)
            j.field("exact_solutions", sample.solutions).field("exact_updates", sample.updates).field("exact_nodes", sample.nodes);
        std::cout << j.str() << '\n';
        return kExitOk;
    }
    std::cout << "problem: " << problem.name << '\n'
              << "tree: " << choice_text(choice) << (choice.rule == ChooseRule::scan ? " (updates: options tested)" : "") << '\n';
    if (reduced) std::cout << "symmetry: " << reduced->note << " (nodes and updates: the reduced count's; solutions: all)\n";
    std::cout << "probes: " << e.probes << " (seed " << settings.plan.choice.seed << ", " << seconds_text(probe_seconds)
              << " s), mean depth " << e.mean_depth << '\n'
              << "nodes: " << figure(e.nodes) << '\n'
              << "updates: " << figure(e.updates) << '\n'
              << "solutions: " << figure(e.solutions)
              << (e.solutions.mean == 0 ? " (no probe reached a solution: they are rare, not necessarily absent)" : "") << '\n'
              << "(+- one standard error of the mean; the true value is within two of them for most seeds)\n";
    if (sample.complete) {
        std::cout << "exact: the count" << (reduced ? " (unreduced)" : "")
                  << " finished while measuring the rate: " << to_string(sample.solutions) << " solutions, " << sample.updates
                  << " updates, " << sample.nodes << " nodes, " << seconds_text(sample_seconds) << " s\n";
    } else {
        std::cout << "rate: " << rate / 1e6 << " M updates/s on one thread (measured for " << seconds_text(sample_seconds) << " s)\n"
                  << "time: about " << duration(one_thread) << " on one thread, " << duration(many) << " on " << threads
                  << " threads if the speed-up is linear\n";
    }
    return kExitOk;
}

}  // namespace xcount::cli
