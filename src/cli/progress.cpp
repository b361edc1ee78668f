#include "progress.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "xcount/estimate.hpp"

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
// ETA from 20% on depends on them), then 8%.
constexpr std::size_t kEarlyProbes = 32;
constexpr std::chrono::milliseconds kRedraw{250}, kEarlyBudget{60}, kProbeBudget{20};

}  // namespace

WorkModel::WorkModel(std::size_t subproblems)
    : estimate_sum_(subproblems), actual_(subproblems), probes_(subproblems), finished_(subproblems) {}

void WorkModel::add_estimate(std::size_t id, double updates) {
    estimate_sum_[id] += std::log1p(updates);
    ++probes_[id];
}

void WorkModel::finished(std::size_t id, double work) {
    finished_[id] = static_cast<std::uint32_t>(++finished_count_);
    actual_[id] = work;
}

double WorkModel::finished_total(const std::vector<std::size_t>& ids) const {
    double total = 0;
    for (std::size_t id : ids) total += finished_[id] ? actual_[id] : 0;
    return total;
}

double WorkModel::estimate(std::size_t id) const {
    if (probes_[id] == 0) return 0;
    return std::exp(0.75 * estimate_sum_[id] / static_cast<double>(probes_[id]));
}

WorkModel::Calibration WorkModel::calibrate(const std::vector<std::size_t>& ids, std::size_t since) const {
    double actual = 0, estimated = 0, late_actual = 0, late_estimated = 0, open_sum = 0, finished_actual = 0;
    std::size_t open_estimated = 0, finished = 0, late = 0;
    for (std::size_t id : ids) {
        const double estimate = this->estimate(id);
        if (finished_[id]) {
            ++finished;
            finished_actual += actual_[id];
            if (probes_[id]) actual += actual_[id], estimated += estimate;
            if (probes_[id] && finished_[id] > since) ++late, late_actual += actual_[id], late_estimated += estimate;
        } else if (probes_[id]) {
            ++open_estimated;
            open_sum += estimate;
        }
    }
    Calibration c;
    constexpr std::size_t kEnoughLate = 8;
    if (late >= kEnoughLate && late_estimated > 0 && late_actual > 0) actual = late_actual, estimated = late_estimated;
    c.ratio = estimated > 0 && actual > 0 ? actual / estimated : 1.0;
    c.typical = open_estimated ? open_sum / static_cast<double>(open_estimated)
                : finished     ? finished_actual / static_cast<double>(finished) / c.ratio
                               : 0;
    return c;
}

double WorkModel::expected(std::size_t id, const Calibration& c) const {
    if (finished_[id]) return actual_[id];
    return c.ratio * (probes_[id] ? estimate(id) : c.typical);
}

ProgressDisplay::ProgressDisplay(const Matrix& matrix, const Split& split, std::vector<std::size_t> ids,
                                 const std::vector<SubproblemResult>& known, int threads, bool enabled)
    : split_(split), ids_(std::move(ids)), threads_(std::max(1, threads)), work_(enabled ? split.size() : 0) {
    if (!enabled) return;
    prober_.emplace(split_prober(matrix, split));
    for (std::size_t id : ids_) {
        if (id < known.size() && known[id].finished) {
            ++resumed_;
            work_.finished(id, known[id].seconds);
        }
        if (id < known.size() && known[id].partial()) before_[id] = known[id].stats;
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
    partial_[id] = SearchStats{partial.stats.solutions - before.solutions, partial.stats.updates - before.updates, 0};
}

void ProgressDisplay::finished(std::size_t id, const SubproblemResult& result) {
    if (!thread_.joinable()) return;
    std::lock_guard<std::mutex> lock(mutex_);
    in_flight_.erase(id);
    partial_.erase(id);
    ++done_;
    const SearchStats& before = before_[id];
    solutions_ += result.stats.solutions - before.solutions;
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
            if (work_.is_finished(id) || work_.probes(id) >= kMaxProbes) continue;
        }
        prober_->replay(split_.prefix(id));
        const double updates = probe_below(*prober_, rng_).updates;
        prober_->unwind();
        std::lock_guard<std::mutex> lock(mutex_);
        work_.add_estimate(id, updates);
        ++probes_taken_;
        tried = 0;  // found one to probe: keep going while there is time
    }
}

void ProgressDisplay::loop() {
    while (true) {
        const bool early = probes_taken_ < kEarlyProbes * ids_.size();
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

void ProgressDisplay::draw() {  // called with mutex_ held
    const auto now = std::chrono::steady_clock::now();
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    Count solutions = solutions_;
    std::uint64_t updates = updates_;
    for (const auto& [id, so_far] : partial_) solutions += so_far.solutions, updates += so_far.updates;
    const double rate = elapsed > 0 ? static_cast<double>(updates) / elapsed : 0;  // shown
    const WorkModel::Calibration c = work_.calibrate(ids_, calibrate_since_);      // in thread-seconds
    const double finished_work = work_.finished_total(ids_);
    double done = finished_work, remaining = 0, longest = 0;
    for (std::size_t id : ids_) {
        if (work_.is_finished(id)) continue;
        const double expected = work_.expected(id, c);
        const auto flight = in_flight_.find(id);
        if (flight == in_flight_.end()) {
            remaining += expected;
            continue;
        }
        // In flight for so long on its thread; if it has run past its estimate, the rest is
        // unknown, and a twentieth of the estimate stands for it.
        const double so_far = std::min(expected, std::chrono::duration<double>(now - flight->second).count());
        const double left = std::max(expected - so_far, expected / 20);
        done += so_far;
        remaining += left;
        longest = std::max(longest, left);
    }
    const bool all_done = done_ == ids_.size();
    const double percent = all_done ? 100.0 : done + remaining > 0 ? 100.0 * done / (done + remaining) : 0.0;
    std::string eta = "?";
    if (finished_work > 0 && !all_done) eta = clock_text(std::max(remaining / threads_, longest) + 0.5);  // rounded
    std::fprintf(stderr, "\r\033[K[%5.1f%%] %zu/%zu subproblems | %s solutions | %.1f M updates/s | %s elapsed | ETA %s", percent, done_,
                 ids_.size(), to_string(solutions).c_str(), rate / 1e6, clock_text(elapsed).c_str(), eta.c_str());
    std::fflush(stderr);
}

}  // namespace xcount::cli
