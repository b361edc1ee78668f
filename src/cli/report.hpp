// src/cli/report.hpp: the results of `xcount verify` as one self-contained HTML page (no
// scripts, no files beside it): per job its description and parameters, the expected count
// and its source, the count found, the distinct count, time, updates, status and a picture
// of its first solution as inline SVG.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "xcount/count.hpp"

namespace xcount::cli {

struct VerifiedJob {
    std::string name, description, source;
    std::vector<std::pair<std::string, std::string>> parameters;
    std::string expected = "-", found = "-";
    bool partial = false;                                    // stopped before the end: `found` is what it had counted
    std::string distinct = "-";                              // "expected/found" where counted
    std::optional<Count> expected_distinct, found_distinct;  // each where there is one (found: an integer)
    double seconds = 0;
    std::uint64_t updates = 0;
    std::string status;        // ok, MISMATCH, TIMEOUT, STOPPED, ERROR: ...
    std::string picture;       // <svg> of the first solution, or ""
    std::string picture_note;  // why there is no picture
};

std::string html_report(const std::vector<VerifiedJob>& jobs, const std::string& folder, int skipped);

}  // namespace xcount::cli
