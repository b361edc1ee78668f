#include "progress.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "xcount/estimate.hpp"
#include "xcount/work_model.hpp"

namespace xcount::cli {

namespace {

std::string clock_text(double seconds) {
    const auto s = static_cast<long long>(seconds);
    char buf[32];
    if (s >= 3600)
        std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
    else
        std::snprintf(buf, sizeof buf, "%lld:%02lld", s / 60, s % 60);
    return buf;
}

constexpr std::size_t kMaxProbes = 128;  // per subproblem
// Probing takes 25% of one core until the subproblems have 32 probes each on average (the
// ETA from 20% on depends on them), then 8%; in all at most a few seconds of one core (a
// split of thousands of subproblems gets fewer probes each, the calibration doing the rest).
constexpr std::size_t kEarlyProbes = 32, kEarlyProbesAtMost = 8192, kProbesAtMost = 32768;
constexpr std::chrono::milliseconds kRedraw{250}, kEarlyBudget{60}, kProbeBudget{20};

}  // namespace

double shown_percent(double estimate, bool all_done) {
    constexpr double kBelowAll = 99.9;  // "%5.1f" would round 99.96 up to a 100.0% with work still running
    return all_done ? 100.0 : std::clamp(estimate, 0.0, kBelowAll);
}

ProgressDisplay::ProgressDisplay(const Matrix& matrix, const Split& split, std::vector<std::size_t> ids,
                                 const std::vector<SubproblemResult>& known, int threads, bool enabled, double log_every,
                                 std::vector<std::uint32_t> strata)
    : split_(split),
      ids_(std::move(ids)),
      threads_(std::max(1, threads)),
      log_every_(log_every),
      strata_(std::move(strata)),
      work_(enabled ? split.size() : 0) {
    if (!enabled) return;
    if (strata_.empty()) prober_.emplace(split_prober(matrix, split));
    for (std::size_t id : ids_) {
        if (id < known.size() && known[id].finished) {
            ++resumed_;
            work_.finished(id, known[id].seconds);
        }
        if (id < known.size() && known[id].partial()) before_[id] = known[id].stats;
        if (id < known.size()) solutions_ += known[id].stats.solutions * split_.weight(id);  // resumed work counts too
    }
    done_ = resumed_;
    thread_ = std::thread([this] { loop(); });
}

ProgressDisplay::~ProgressDisplay() {
    if (!thread_.joinable()) return;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        quit_ = true;
    }
    wake_.notify_all();
    thread_.join();
    if (log_every_ > 0) return;
    std::fprintf(stderr, "\r\033[K");
    std::fflush(stderr);
}

void ProgressDisplay::started(std::size_t id) {
    if (!thread_.joinable()) return;
    std::lock_guard<std::mutex> lock(mutex_);
    in_flight_[id] = std::chrono::steady_clock::now();
}

void ProgressDisplay::progressed(std::size_t id, const SubproblemResult& partial) {
    if (!thread_.joinable()) return;
    std::lock_guard<std::mutex> lock(mutex_);
    const SearchStats& before = before_[id];
    partial_[id] = SearchStats{(partial.stats.solutions - before.solutions) * split_.weight(id), partial.stats.updates - before.updates, 0};
}

void ProgressDisplay::finished(std::size_t id, const SubproblemResult& result) {
    if (!thread_.joinable()) return;
    std::lock_guard<std::mutex> lock(mutex_);
    in_flight_.erase(id);
    partial_.erase(id);
    ++done_;
    const SearchStats& before = before_[id];
    solutions_ += (result.stats.solutions - before.solutions) * split_.weight(id);
    updates_ += result.stats.updates - before.updates;
    work_.finished(id, result.seconds);
}

// Probes of the unfinished subproblems, round-robin, for about `budget`.
void ProgressDisplay::probe_for(std::chrono::milliseconds budget) {
    const auto until = std::chrono::steady_clock::now() + budget;
    for (std::size_t tried = 0; tried < ids_.size() && std::chrono::steady_clock::now() < until; ++tried) {
        const std::size_t id = ids_[next_probe_];
        next_probe_ = (next_probe_ + 1) % ids_.size();
        {
            std::lock_guard<std::mutex> lock(mutex_);
            if (probes_taken_ >= kProbesAtMost) return;
            if (work_.is_finished(id) || work_.probes(id) >= kMaxProbes) continue;
        }
        prober_->place(split_.prefix(id));
        const double updates = probe_below(*prober_, rng_).updates;
        prober_->unwind();
        std::lock_guard<std::mutex> lock(mutex_);
        work_.add_estimate(id, updates);
        ++probes_taken_;
        tried = 0;  // found one to probe: keep going while there is time
    }
}

void ProgressDisplay::loop() {
    while (!prober_) {  // a sampled order: nothing to probe
        std::unique_lock<std::mutex> lock(mutex_);
        if (wake_.wait_for(lock, kRedraw, [this] { return quit_; })) return;
        draw();
    }
    while (true) {
        const bool early = probes_taken_ < std::min(kEarlyProbes * ids_.size(), kEarlyProbesAtMost);
        const auto budget = early ? kEarlyBudget : kProbeBudget;
        if (!early && !calibrate_since_) {
            std::lock_guard<std::mutex> lock(mutex_);
            calibrate_since_ = std::max<std::size_t>(1, work_.finished_count());  // the threads had less CPU until now
        }
        probe_for(budget);
        std::unique_lock<std::mutex> lock(mutex_);
        if (wake_.wait_for(lock, kRedraw - budget, [this] { return quit_; })) return;
        draw();
    }
}

void ProgressDisplay::layer(std::size_t id, std::size_t position, std::size_t positions, std::uint64_t states) {
    std::lock_guard<std::mutex> lock(mutex_);
    layers_[id] = {position, positions, states};
}

void ProgressDisplay::draw() {  // called with mutex_ held
    const auto now = std::chrono::steady_clock::now();
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    Count solutions = solutions_;
    std::uint64_t updates = updates_;
    for (const auto& [id, so_far] : partial_) solutions += so_far.solutions, updates += so_far.updates;
    const double rate = elapsed > 0 ? static_cast<double>(updates) / elapsed : 0;  // shown
    std::map<std::size_t, double> running;
    for (const auto& [id, started] : in_flight_) running[id] = std::chrono::duration<double>(now - started).count();
    const ProgressEstimate p = strata_.empty() ? estimate_progress(work_, ids_, running, threads_, calibrate_since_)
                                               : estimate_sampled(work_, ids_, running, threads_, strata_);
    const bool all_done = done_ == ids_.size();
    const double percent = shown_percent(p.percent, all_done);
    std::string eta = "?";
    if (p.seconds_left && !all_done) eta = clock_text(*p.seconds_left + 0.5);  // rounded
    if (log_every_ > 0 && elapsed - logged_at_ < log_every_) return;
    logged_at_ = elapsed;
    std::string layer;  // the first subproblem in flight counted by layers: its position and states
    for (const auto& [id, l] : layers_)
        if (in_flight_.count(id)) {
            layer =
                " | layer " + std::to_string(l.position) + "/" + std::to_string(l.positions) + ", " + std::to_string(l.states) + " states";
            break;
        }
    std::fprintf(stderr, "%s[%5.1f%%] %zu/%zu subproblems%s | %s solutions | %.1f M updates/s | %s elapsed | ETA %s%s",
                 log_every_ > 0 ? "" : "\r\033[K", percent, done_, ids_.size(), layer.c_str(), to_string(solutions).c_str(), rate / 1e6,
                 clock_text(elapsed).c_str(), eta.c_str(), log_every_ > 0 ? "\n" : "");
    std::fflush(stderr);
}

}  // namespace xcount::cli
