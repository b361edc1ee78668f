// A stopped count's report: printed while the memo table is still held (freeing gigabytes takes
// seconds on a busy machine, and the report must not wait for it), and not lost to a second
// signal that comes in between.
#include <catch2/catch.hpp>

#include <chrono>
#include <csignal>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>

#include "cli/cli.hpp"
#include "cli/signals.hpp"
#include "xcount/memo_table.hpp"

using namespace xcount;

namespace {

// Standard output that notes how many bytes the memo tables held when the first line came.
class NotingBuffer : public std::stringbuf {
public:
    std::size_t held_at_first_write = 0;
    bool written = false;

protected:
    std::streamsize xsputn(const char* s, std::streamsize n) override {
        note();
        return std::stringbuf::xsputn(s, n);
    }
    int_type overflow(int_type c) override {
        note();
        return std::stringbuf::overflow(c);
    }

private:
    void note() {
        if (written) return;
        written = true;
        held_at_first_write = memo_bytes_held();
    }
};

}  // namespace

TEST_CASE("a stopped memo count reports before its table is freed", "[signals][memo]") {
    NotingBuffer noted;
    std::streambuf* const old = std::cout.rdbuf(&noted);
    const int status = cli::run({"count", "polyomino", "--pieces", "domino", "--board", "14x14", "--copies", "any", "--engine", "memo",
                                 "--node-limit", "20000", "--threads", "2"});
    std::cout.rdbuf(old);
    CHECK(status == cli::kExitPartial);
    CHECK(noted.str().find("solutions: ") != std::string::npos);
    CHECK(noted.held_at_first_write > 0);  // the report came while the table was held
    CHECK(memo_bytes_held() == 0);         // and it was freed after
}

// Hidden: it raises SIGTERM in this process (its own CTest test, unit.report-window).
TEST_CASE("a second signal after the run has ended does not cut its report short", "[.report-window]") {
    cli::stop_on_signals();
    cli::ReportWindow window;
    window.open();
    std::raise(SIGTERM);
    std::this_thread::sleep_for(std::chrono::milliseconds(1100));  // past the time within which a repeat is the same stop
    std::raise(SIGTERM);                                           // without the window: the default action, the process dies here
    CHECK(cli::received_signal() == SIGTERM);
}

TEST_CASE("a second signal before the report window opens still ends a stuck process", "[.report-window-closed]") {
    cli::stop_on_signals();
    std::raise(SIGTERM);
    std::this_thread::sleep_for(std::chrono::milliseconds(1100));
    std::raise(SIGTERM);  // the default action: this test's CTest entry expects the process to die of it
    FAIL("still alive after a second SIGTERM");
}
