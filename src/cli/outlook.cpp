#include "outlook.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <tuple>

#include "count_report.hpp"
#include "xcount/bits.hpp"
#include "xcount/estimate.hpp"
#include "xcount/frontier.hpp"
#include "xcount/memo.hpp"
#include "xcount/stop.hpp"

namespace xcount::cli {

namespace {

constexpr double kNoteFrom = 3600, kWarnFrom = 30 * 86400;  // seconds on the run's threads
// Below this many updates (about five minutes at 30 million a second) no rate is measured.
constexpr double kMeasureFrom = 1e10;

// The tree's updates: the plan's estimate, or 64 random paths of its own within a second.
double tree_updates(const Plan& plan, const std::atomic<bool>* stop) {
    if (plan.estimated_updates > 0) return plan.estimated_updates;
    if (plan.matrix().has_multiplicities()) return 0;  // the probes' dancer takes no prefix of an expansion's split
    const Stop within(stop, {.max_seconds = 1});
    return estimate_split(plan.matrix(), plan.split, 64, 1, within.flag()).updates.mean;
}

// Updates a second of the engine on one thread, from a quarter-second count in the probes'
// unit (MRV's links removed: the plan's engine where it walks MRV, else the dancer); whether
// that count finished.
std::pair<double, bool> sample_rate(const Plan& plan, const std::atomic<bool>* stop) {
    const Method method = plan.method.choice.rule == ChooseRule::mrv ? plan.method : Method{EngineKind::dlx, Choice{}};
    const Stop quarter(stop, {.max_seconds = 0.25});
    const auto begin = std::chrono::steady_clock::now();
    const SearchStats s = with_engine(method, plan.matrix(), [&](auto& engine) { return engine.count(Limits{.stop = quarter.flag()}); });
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    return {seconds > 0 ? static_cast<double>(s.updates) / seconds : 0, s.complete};
}

std::vector<std::string> helps_for(const Problem& problem, const Plan& plan) {
    std::vector<std::string> helps;
    const Matrix& m = plan.matrix();
    const bool frontier = Frontier::fits(m) && Frontier(m).widest_window() <= Frontier::kMaxWindow;
    const bool memo = Memo1024::fits(m) && !m.has_multiplicities();
    if (frontier || memo)
        helps.push_back(std::string(frontier && memo ? "--engine frontier or --engine memo"
                                    : frontier       ? "--engine frontier"
                                                     : "--engine memo") +
                        (frontier && memo ? " (they merge equal states" : " (it merges equal states") + ": try with --time-limit)");
    if (!problem.symmetries.empty() && plan.mode != SymmetryMode::reduce)
        helps.push_back("--symmetry reduce (up to " + (plan.group ? std::to_string(plan.group->order()) + " times" : std::string("far")) +
                        " less work)");
    helps.insert(helps.end(), problem.shortcuts.begin(), problem.shortcuts.end());
    helps.push_back("more machines (--shard I/K on a cluster, or --mpi)");
    return helps;
}

}  // namespace

Outlook outlook_of(const Problem& problem, const Plan& plan, int threads, const std::atomic<bool>* stop) {
    Outlook o;
    if (plan.method.merges()) return o;
    o.updates = tree_updates(plan, stop);
    if (!(o.updates >= kMeasureFrom)) return o;  // NaN too: no probe made
    std::tie(o.rate, o.finished) = sample_rate(plan, stop);
    if (o.finished || o.rate <= 0) return o;
    o.seconds = o.updates / o.rate / std::max(threads, 1);
    o.helps = helps_for(problem, plan);
    return o;
}

void tell_outlook(const Outlook& o, const Plan& plan, int threads) {
    if (o.seconds < kNoteFrom) return;
    char figures[128];
    std::snprintf(figures, sizeof figures, "%.2g updates by 64 random paths, %.3g million a second on one thread", o.updates, o.rate / 1e6);
    const bool endless = !std::isfinite(o.seconds);  // the paths' estimate overflowed a double
    if (endless) std::snprintf(figures, sizeof figures, "more than 10^308 updates by 64 random paths");
    std::string helps;
    for (const std::string& h : o.helps) helps += (helps.empty() ? "" : ", ") + h;
    std::cerr << "xcount: " << (o.seconds >= kWarnFrom ? "warning" : "note") << ": by " << engine_name(plan.method.engine)
              << " this count is estimated at " << (endless ? "more than 10^290 days" : "about " + duration_text(o.seconds)) << " on "
              << threads << " thread" << (threads == 1 ? "" : "s") << " (" << figures
              << "; a rough guide: `xcount estimate` refines it); what may help: " << helps << '\n';
}

}  // namespace xcount::cli
