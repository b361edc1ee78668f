// xcount/journal.hpp: the checkpoint journal of a long count.
//
// An append-only text file, one line per finished subproblem, headed by the run's fingerprint:
//
//     xcount-journal 1 fingerprint=7d2c...e1 depth=4 subproblems=1771
//     17 12 40317 2213 0.004132 9f03...c2      <- id solutions updates nodes seconds check
//     17 12 40317 2213 0.004132 fixed=12,0,0,0 9f03...c2   <- with --symmetry check
//
// `check` hashes the rest of its line, so a hand-edited or damaged line is refused. A torn
// last line (no newline: the process died while writing it) is ignored, cut off and redone.
// Each line is flushed to the kernel as soon as it is written (it survives kill -9), and the
// file is fsync'ed at least every 5 seconds and when the journal closes.
#pragma once

#include <chrono>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "xcount/runner.hpp"

namespace xcount {

struct JournalHeader {
    std::string fingerprint;  // of matrix, depth, mode and program version
    int depth = 0;
    std::size_t subproblems = 0;
    std::size_t group_order = 0;  // Fix(g) counts each line carries (0: none); part of the mode
};

// The fingerprint a run of `mode` ("count", ...) on this matrix and depth writes and expects.
std::string run_fingerprint(const Matrix& matrix, int depth, const std::string& mode);

// The header of an existing journal, or nullopt when there is none yet (missing or empty file).
std::optional<JournalHeader> read_journal_header(const std::string& path);

class Journal {
public:
    // Opens `path` for a run with `header`, creating it if needed. Fills `known` (sized to the
    // number of subproblems) with the results already recorded. InputError when the file belongs
    // to another run or is damaged anywhere but in its last line.
    Journal(const std::string& path, const JournalHeader& header, std::vector<SubproblemResult>& known);
    ~Journal();
    Journal(const Journal&) = delete;
    Journal& operator=(const Journal&) = delete;

    void record(std::size_t id, const SubproblemResult& result);
    void sync();  // flush and fsync now

private:
    std::string path_;
    std::FILE* file_ = nullptr;
    std::chrono::steady_clock::time_point last_sync_;
};

}  // namespace xcount
