#include "xcount/stop.hpp"

#include <utility>

namespace xcount {

Stop::Stop(const std::atomic<bool>* flag, StopLimits limits, Clock::time_point since, std::function<void(StopCause)> on_stop)
    : caller_(flag), limits_(limits), since_(since), on_stop_(std::move(on_stop)) {
    if (caller_ && caller_->load()) raise(StopCause::flag);
    if (past_deadline()) raise(StopCause::time);
    if (!raised() && (caller_ || limits_.max_seconds > 0)) watcher_ = std::thread([this] { watch(); });
}

Stop::~Stop() {
    {
        const std::lock_guard<std::mutex> lock(wake_lock_);
        done_ = true;
    }
    wake_.notify_one();  // not a sleep's end away: a short run's process ends when it is done
    if (watcher_.joinable()) watcher_.join();
}

void Stop::raise(StopCause cause) {
    StopCause none = StopCause::none;
    const bool first = cause_.compare_exchange_strong(none, cause);
    raised_.store(true);
    if (first && on_stop_) on_stop_(cause);
}

StopCause Stop::cause() const {
    const StopCause c = cause_.load();
    return c == StopCause::none && nodes_spent() ? StopCause::nodes : c;
}

bool Stop::past_deadline() const {
    return limits_.max_seconds > 0 && std::chrono::duration<double>(Clock::now() - since_).count() > limits_.max_seconds;
}

void Stop::watch() {
    std::unique_lock<std::mutex> lock(wake_lock_);
    while (!done_ && !raised()) {
        if (caller_ && caller_->load()) raise(StopCause::flag);
        if (past_deadline()) raise(StopCause::time);
        wake_.wait_for(lock, std::chrono::milliseconds(20), [this] { return done_; });
    }
}

}  // namespace xcount
