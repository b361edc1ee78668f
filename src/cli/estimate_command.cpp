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

// What estimate found: the tree by random paths, and the rate of the engine count would take.
struct Estimated {
    TreeEstimate tree;
    std::string engine;           // the engine count would take
    bool merges = false;          // it merges equal states: its work is not the tree's
    MethodReasons considered;     // why: a line per engine weighed
    std::optional<Plan> reduced;  // with --symmetry reduce: the tree the reduced count walks
    Choice choice;                // the tree's rule
    double probe_seconds = 0;
    SearchStats sample;  // a quarter-second count (complete on a small problem: exact figures)
    double sample_seconds = 0;
    int threads = 1;
    double rate() const { return sample_seconds > 0 ? static_cast<double>(sample.updates) / sample_seconds : 0; }
    double one_thread() const { return sample.complete ? sample_seconds : (rate() > 0 ? tree.updates.mean / rate() : 0); }
    double many() const { return one_thread() / threads; }  // assuming a linear speed-up (see the benchmark)
};

// The update rate on one thread of the engine `count` would use, from a quarter-second count.
void sample_rate(const Problem& problem, const Method& method, Estimated& e) {
    const Stop stop(&stop_on_signals(), {.max_seconds = 0.25});
    const auto begin = std::chrono::steady_clock::now();
    e.sample = with_engine(method, problem.matrix, [&](auto& engine) { return engine.count(Limits{.stop = stop.flag()}); });
    e.sample_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
}

std::string considered_json(const MethodReasons& lines) {
    std::string json = "[";
    for (const std::string& line : lines) json += (json.size() > 1 ? ", " : "") + json_quote(line);
    return json + "]";
}

void print_json(const Problem& problem, const Settings& settings, const Estimated& e) {
    JsonObject j;
    j.field("problem", problem.name)
        .field("probes", e.tree.probes)
        .field("seed", std::to_string(settings.plan.method.choice.seed))
        .field("choose", choice_text(e.choice))
        .field("engine", e.engine)
        .raw("considered", considered_json(e.considered))
        .field("symmetry", e.reduced ? e.reduced->note : "none")
        .raw("nodes", JsonObject().field("estimate", e.tree.nodes.mean).field("error", e.tree.nodes.error).str())
        .raw("updates", JsonObject().field("estimate", e.tree.updates.mean).field("error", e.tree.updates.error).str())
        .raw("solutions", JsonObject().field("estimate", e.tree.solutions.mean).field("error", e.tree.solutions.error).str())
        .field("mean_depth", e.tree.mean_depth)
        .field("updates_per_second", e.rate())
        .field("seconds_one_thread", e.one_thread())
        .field("threads", e.threads)
        .field("seconds", e.many())
        .field("exact", e.sample.complete)
        .field("merges", e.merges);
    if (e.sample.complete)
        j.field("exact_solutions", e.sample.solutions).field("exact_updates", e.sample.updates).field("exact_nodes", e.sample.nodes);
    std::cout << j.str() << '\n';
}

void print_text(const Problem& problem, const Settings& settings, const Estimated& e) {
    std::cout << "problem: " << problem.name << '\n' << "engine: " << e.engine << '\n';
    for (const std::string& line : e.considered) std::cout << "  weighed: " << line << '\n';
    std::cout << "tree: " << choice_text(e.choice) << (e.choice.rule == ChooseRule::scan ? " (updates: options tested)" : "") << '\n';
    if (e.reduced) std::cout << "symmetry: " << e.reduced->note << " (nodes and updates: the reduced count's; solutions: all)\n";
    std::cout << "probes: " << e.tree.probes << " (seed " << settings.plan.method.choice.seed << ", " << seconds_text(e.probe_seconds)
              << " s), mean depth " << e.tree.mean_depth << '\n'
              << "nodes: " << figure(e.tree.nodes) << '\n'
              << "updates: " << figure(e.tree.updates) << '\n'
              << "solutions: " << figure(e.tree.solutions)
              << (e.tree.solutions.mean == 0 ? " (no probe reached a solution: they are rare, not necessarily absent)" : "") << '\n'
              << "(+- one standard error of the mean; the true value is within two of them for most seeds)\n";
    if (e.sample.complete) {
        std::cout << "exact: the count" << (e.reduced ? " (unreduced)" : "")
                  << " finished while measuring the rate: " << to_string(e.sample.solutions) << " solutions, " << e.sample.updates
                  << " updates, " << e.sample.nodes << " nodes, " << seconds_text(e.sample_seconds) << " s\n";
    } else if (e.merges) {
        std::cout << "time: not from the tree: the " << e.engine << " engine merges equal states, so it does the tree's work (above) "
                  << "at most, and on a board scanned along a short side or symbols renamed far less; it had not finished after "
                  << seconds_text(e.sample_seconds) << " s on one thread\n";
    } else {
        std::cout << "rate: " << e.rate() / 1e6 << " M updates/s on one thread (measured for " << seconds_text(e.sample_seconds) << " s)\n"
                  << "time: about " << duration_text(e.one_thread()) << " on one thread, " << duration_text(e.many()) << " on " << e.threads
                  << " threads if the speed-up is linear\n";
    }
}

}  // namespace

int estimate_command(const Problem& problem, const Settings& settings) {
    Estimated e;
    const Method method = method_of(problem, settings, &e.considered);
    e.engine = engine_name(method.engine);
    e.merges = method.merges();
    e.choice = Choice{method.choice.rule, 0};
    e.threads = resolve_threads(settings.run.threads);
    const auto started = std::chrono::steady_clock::now();
    const std::atomic<bool>& signalled = stop_on_signals();
    if (settings.plan.symmetry == SymmetryMode::reduce) {
        if (problem.symmetries.empty()) throw InputError("--symmetry reduce: " + problem.name + " has no symmetry group");
        e.reduced = make_plan(
            problem.matrix, problem.symmetries,
            {.symmetry = SymmetryMode::reduce, .method = {.engine = method.engine, .choice = e.choice}, .depth = 0, .stop = &signalled});
        if (e.reduced->mode != SymmetryMode::reduce) e.reduced.reset();  // nothing to reduce by: the whole tree
    }
    const std::uint64_t seed = settings.plan.method.choice.seed;
    e.tree = e.reduced ? estimate_split(e.reduced->matrix(), e.reduced->split, settings.probes, seed, &signalled)
                       : estimate_tree(problem.matrix, settings.probes, seed, e.choice, &signalled);
    e.probe_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (e.tree.probes < settings.probes) return print_stopped(problem, settings, e.tree, e.probe_seconds);
    sample_rate(problem, Method{method.engine, e.choice}, e);
    if (settings.json)
        print_json(problem, settings, e);
    else
        print_text(problem, settings, e);
    return kExitOk;
}

}  // namespace xcount::cli
