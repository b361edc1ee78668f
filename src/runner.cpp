#include "xcount/runner.hpp"

#include <omp.h>

#include <chrono>
#include <exception>
#include <mutex>
#include <stdexcept>

namespace xcount {

int resolve_threads(int requested) {
    return requested > 0 ? requested : omp_get_num_procs();
}

RunReport run_split(const Matrix& matrix, const Split& split, std::vector<SubproblemResult> done,
                    const RunOptions& options) {
    RunReport report;
    report.threads = resolve_threads(options.threads);
    report.results = std::move(done);
    if (report.results.empty()) report.results.resize(split.size());
    if (report.results.size() != split.size()) throw std::logic_error("run_split: results do not match the split");

    std::atomic<bool> failed{false};
    std::exception_ptr error;
    std::mutex finish_lock;
    std::atomic<bool> halt{false};  // no new subproblem after a stop or a failure
    const auto n = static_cast<long long>(split.size());

#pragma omp parallel num_threads(report.threads)
    {
        try {
            Dancer dancer(matrix);
            const Limits limits{.max_solutions = 0, .stop = options.stop};  // abandons work in flight
#pragma omp for schedule(dynamic, 1)
            for (long long id = 0; id < n; ++id) {
                auto& slot = report.results[static_cast<std::size_t>(id)];
                if (slot.finished || halt.load(std::memory_order_relaxed)) continue;
                if (options.stop && options.stop->load(std::memory_order_relaxed)) {
                    halt = true;
                    continue;
                }
                const auto start = std::chrono::steady_clock::now();
                dancer.replay(split.prefix(static_cast<std::size_t>(id)));
                SearchStats stats = dancer.count(limits);
                dancer.unwind();
                if (!stats.complete) continue;  // abandoned: stopped in flight
                SubproblemResult result{true, stats,
                                        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()};
                std::lock_guard<std::mutex> lock(finish_lock);
                slot = result;
                ++report.finished_now;
                if (options.on_finished) options.on_finished(static_cast<std::size_t>(id), slot);
            }
        } catch (...) {
            std::lock_guard<std::mutex> lock(finish_lock);
            if (!failed.exchange(true)) error = std::current_exception();
            halt = true;
        }
    }
    if (error) std::rethrow_exception(error);

    report.total = split.above();
    for (const auto& r : report.results) {
        if (r.finished) {
            report.total += r.stats;
        } else {
            report.total.complete = false;
        }
    }
    return report;
}

}  // namespace xcount
