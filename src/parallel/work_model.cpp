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

}  // namespace xcount
