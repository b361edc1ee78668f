#include "xcount/work_model.hpp"

#include <algorithm>
#include <cmath>

namespace xcount {

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

ProgressEstimate estimate_progress(const WorkModel& work, const std::vector<std::size_t>& ids, const std::map<std::size_t, double>& running,
                                   int threads, std::size_t since) {
    const WorkModel::Calibration c = work.calibrate(ids, since);
    const double finished_work = work.finished_total(ids);
    double done = finished_work, remaining = 0, longest = 0;
    std::size_t open = 0;
    for (std::size_t id : ids) {
        if (work.is_finished(id)) continue;
        ++open;
        const double expected = work.expected(id, c);
        const auto flight = running.find(id);
        if (flight == running.end()) {
            remaining += expected;
            continue;
        }
        // In flight for so long on its thread; if it has run past its estimate, the rest is
        // unknown, and a twentieth of the estimate stands for it.
        const double so_far = std::min(expected, flight->second);
        const double left = std::max(expected - so_far, expected / 20);
        done += so_far;
        remaining += left;
        longest = std::max(longest, left);
    }
    ProgressEstimate p;
    p.percent = open == 0 ? 100.0 : done + remaining > 0 ? 100.0 * done / (done + remaining) : 0.0;
    // One finished subproblem calibrates nothing: its estimate may be a thousandth of its time.
    const std::size_t enough = std::clamp<std::size_t>(ids.size() / 2, 1, 8);
    if (finished_work > 0 && open > 0 && work.finished_count() >= enough)
        p.seconds_left = std::max(remaining / std::max(1, threads), longest);
    return p;
}

namespace {

// The mean of a sample of subproblem times (see estimate_sampled).
class SampleMean {
public:
    void add(double seconds) {
        if (seconds < kTiny) {
            ++tiny_, tiny_sum_ += seconds;
            return;
        }
        ++logs_;
        const double x = std::log(seconds), delta = x - log_mean_;
        log_mean_ += delta / static_cast<double>(logs_);
        log_m2_ += delta * (x - log_mean_);
        sum_ += seconds;
    }
    std::size_t count() const { return tiny_ + logs_; }
    double mean() const {
        const double n = static_cast<double>(count());
        if (n == 0) return 0;
        if (logs_ < 5) return (tiny_sum_ + sum_) / n;
        const double variance = log_m2_ / static_cast<double>(logs_);
        return (tiny_sum_ + static_cast<double>(logs_) * std::exp(log_mean_ + variance / 2)) / n;
    }

private:
    static constexpr double kTiny = 1e-3;  // seconds: no log-normal below it (a subproblem dead at once)
    std::size_t tiny_ = 0, logs_ = 0;
    double tiny_sum_ = 0, sum_ = 0, log_mean_ = 0, log_m2_ = 0;
};

// Expected seconds left of a subproblem that has run for `ran`, given the finished ones' times.
double time_left(const std::vector<double>& finished, double ran) {
    double sum = 0;
    std::size_t longer = 0;
    for (double t : finished)
        if (t > ran) sum += t - ran, ++longer;
    return longer >= 3 ? sum / static_cast<double>(longer) : ran;
}

}  // namespace

ProgressEstimate estimate_sampled(const WorkModel& work, const std::vector<std::size_t>& ids, const std::map<std::size_t, double>& running,
                                  int threads, const std::vector<std::uint32_t>& strata) {
    constexpr double kShrink = 5;  // the whole sample's mean counts as this many of a stratum's
    std::uint32_t stratum_count = 0;
    for (std::size_t id : ids) stratum_count = std::max(stratum_count, strata[id] + 1);
    std::vector<SampleMean> by_stratum(stratum_count);
    SampleMean all;
    std::vector<double> finished;
    std::vector<std::size_t> waiting(stratum_count);
    double done = 0;
    for (std::size_t id : ids) {
        if (work.is_finished(id)) {
            finished.push_back(work.actual(id));
            by_stratum[strata[id]].add(work.actual(id));
            all.add(work.actual(id));
            done += work.actual(id);
        } else if (!running.count(id)) {
            ++waiting[strata[id]];
        }
    }
    double remaining = 0, longest = 0;
    const double overall = all.mean();
    for (std::uint32_t s = 0; s < stratum_count; ++s) {
        const double n = static_cast<double>(by_stratum[s].count());
        remaining += static_cast<double>(waiting[s]) * (n * by_stratum[s].mean() + kShrink * overall) / (n + kShrink);
    }
    for (const auto& [id, ran] : running) {
        const double left = time_left(finished, ran);
        done += ran;
        remaining += left;
        longest = std::max(longest, left);
    }
    ProgressEstimate p;
    const bool open = finished.size() < ids.size();
    // Before the first subproblem finishes there is no sample: nothing to weigh those in flight by.
    p.percent = !open ? 100.0 : finished.empty() || done + remaining <= 0 ? 0.0 : 100.0 * done / (done + remaining);
    const std::size_t enough = std::clamp<std::size_t>(ids.size() / 2, 1, 8);
    if (open && finished.size() >= enough && done > 0) p.seconds_left = std::max(remaining / std::max(1, threads), longest);
    return p;
}

}  // namespace xcount
