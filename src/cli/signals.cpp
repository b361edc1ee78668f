#include "signals.hpp"

#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <ctime>

namespace xcount::cli {

namespace {

std::atomic<bool> g_stop{false};
std::atomic<int> g_signal{0};
std::atomic<long long> g_first_ns{0};  // when the first signal came (monotonic clock), 0 before
// timeout(1), Slurm and a terminal's Ctrl-C signal the process group as well as the process,
// so one stop often arrives twice: only a signal this long after the first one kills.
constexpr long long kRepeatNs = 1'000'000'000;

const std::chrono::steady_clock::time_point g_process_start = std::chrono::steady_clock::now();
std::atomic<const char*> g_phase{nullptr};  // a StopEndsProcess's phase while one lives
std::atomic<bool> g_reporting{false};       // a ReportWindow is open
static_assert(std::atomic<const char*>::is_always_lock_free, "read from a signal handler");

// Async-signal-safe: write(2) and _exit(2) only. `why` is "by signal " + the number, or the limit.
[[noreturn]] void end_process(const char* phase, const char* why, int signal) {
    char text[256] = "xcount: stopped ";
    std::size_t n = std::strlen(text);
    const auto add = [&](const char* part) {
        for (; *part != '\0' && n + 1 < sizeof text; ++part) text[n++] = *part;
    };
    add(why);
    if (signal > 0) {
        char digits[8];
        int k = 0;
        for (int v = signal; v > 0 && k < 7; v /= 10) digits[k++] = static_cast<char>('0' + v % 10);
        while (k > 0 && n + 1 < sizeof text) text[n++] = digits[--k];
    }
    add(" while ");
    add(phase);
    add(": nothing was counted\n");
    [[maybe_unused]] const ssize_t written = ::write(2, text, n);
    ::_exit(3);
}

// The phase a StopEndsProcess ends the process in, set before its Stop looks at the flag.
const char* entered(const char* phase) {
    g_phase.store(phase);
    return phase;
}

long long monotonic_ns() {
    timespec t{};
    clock_gettime(CLOCK_MONOTONIC, &t);  // async-signal-safe
    return static_cast<long long>(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
}

extern "C" void on_signal(int signal) {
    const long long now = monotonic_ns();
    long long first = 0;
    if (g_first_ns.compare_exchange_strong(first, now)) {
        g_signal.store(signal);
        g_stop.store(true);
        if (const char* phase = g_phase.load()) end_process(phase, "by signal ", signal);
        return;
    }
    if (now - first < kRepeatNs || g_reporting.load()) return;
    std::signal(signal, SIG_DFL);
    std::raise(signal);
}

}  // namespace

const std::atomic<bool>& stop_on_signals() {
    static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<long long>::is_always_lock_free,
                  "the flag and the time are set from a signal handler");
    std::signal(SIGINT, on_signal);
    std::signal(SIGTERM, on_signal);
    return g_stop;
}

int received_signal() { return g_signal.load(); }

std::chrono::steady_clock::time_point process_start() { return g_process_start; }

std::string stop_text(const Stop& stop) {
    switch (stop.cause()) {
        case StopCause::time: return "at --time-limit";
        case StopCause::nodes: return "at --node-limit";
        case StopCause::flag:
        case StopCause::none:
        case StopCause::raised: break;  // raised: by this process, or under MPI by a rank that heard the signal first
    }
    return received_signal() != 0 ? "by signal " + std::to_string(received_signal()) : "by a stop";
}

void ReportWindow::open() {
    open_ = true;
    g_reporting.store(true);
}

ReportWindow::~ReportWindow() {
    if (open_) g_reporting.store(false);
}

StopEndsProcess::StopEndsProcess(const char* phase, double time_limit)
    : stop_(&stop_on_signals(), {.max_seconds = time_limit}, process_start(), [phase = entered(phase)](StopCause cause) {
          if (g_phase.load() == nullptr) return;  // the phase is over: the next step hears the stop
          if (cause == StopCause::time) end_process(phase, "at --time-limit", 0);
          end_process(phase, "by signal ", received_signal());  // one that came before the phase, or just now
      }) {}

StopEndsProcess::~StopEndsProcess() { g_phase.store(nullptr); }

}  // namespace xcount::cli
