#include "progress.hpp"

#include <cstdio>
#include <string>

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

}  // namespace

ProgressDisplay::ProgressDisplay(std::size_t total, std::size_t already_done, bool enabled)
    : total_(total), resumed_(already_done), done_(already_done) {
    if (enabled) thread_ = std::thread([this] { loop(); });
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

void ProgressDisplay::finished(const SubproblemResult& result) {
    std::lock_guard<std::mutex> lock(mutex_);
    ++done_;
    solutions_ += result.stats.solutions;
    updates_ += result.stats.updates;
}

void ProgressDisplay::loop() {
    std::unique_lock<std::mutex> lock(mutex_);
    while (!wake_.wait_for(lock, std::chrono::milliseconds(250), [this] { return quit_; })) draw();
}

void ProgressDisplay::draw() {  // called with mutex_ held
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    const std::size_t now = done_ - resumed_;
    const double percent = total_ ? 100.0 * static_cast<double>(done_) / static_cast<double>(total_) : 100.0;
    std::string eta = "?";
    if (now > 0 && done_ < total_) eta = clock_text(elapsed / static_cast<double>(now) * static_cast<double>(total_ - done_));
    std::fprintf(stderr, "\r\033[K[%5.1f%%] %zu/%zu subproblems | %s solutions | %.1f M updates/s | %s elapsed | ETA %s",
                 percent, done_, total_, to_string(solutions_).c_str(),
                 elapsed > 0 ? static_cast<double>(updates_) / elapsed / 1e6 : 0.0, clock_text(elapsed).c_str(), eta.c_str());
    std::fflush(stderr);
}

}  // namespace xcount::cli
