// `xcount show`: solution K of a problem, as text (coloured on a terminal) and as an SVG file.
#include <iostream>

#include "colour.hpp"
#include "cli.hpp"
#include "commands.hpp"
#include "svg.hpp"
#include "xcount/runner.hpp"
#include "xcount/error.hpp"
#include "xcount/text_file.hpp"

namespace xcount::cli {

void check_output_file(const std::string& path, const std::string& what) {
    if (!path.empty()) check_output_path(path, "", what);
}

FoundSolution find_solution(const Problem& problem, const Settings& settings, long k, std::uint64_t max_nodes) {
    FoundSolution out;
    auto keep = [&](std::span<const OptionId> s) {
        ++out.found;
        out.options.assign(s.begin(), s.end());
    };
    const Limits limits{.max_solutions = static_cast<Count>(k), .stop = nullptr, .max_nodes = max_nodes};
    const SearchStats stats = search_solutions(problem, method_of(problem, settings), limits, keep);
    out.complete = stats.complete || out.found == static_cast<Count>(k);
    if (out.found < static_cast<Count>(k)) out.options.clear();
    return out;
}

int show_command(const Problem& problem, const Settings& settings) {
    if (!settings.svg.empty() && !problem.picture)
        throw InputError("show: " + problem.name + " has no picture (a DLX file is only items and options); use xcount solve");
    check_output_file(settings.svg, "SVG file");
    const FoundSolution found = find_solution(problem, settings, settings.solution);
    if (found.found < static_cast<Count>(settings.solution))
        throw InputError("show: there is no solution " + std::to_string(settings.solution) + ": " + problem.name + " has " +
                         (found.found == 0 ? "none" : "only " + to_string(found.found)));
    const std::vector<OptionId>& solution = found.options;
    const std::string title = problem.name + ", solution " + std::to_string(settings.solution);
    std::cout << title << ":\n";
    if (problem.render) {
        std::cout << for_stream(problem.render(solution), settings.colour, stdout);
    } else {
        for (OptionId o : solution) std::cout << "  " << option_text(problem.matrix, o) << '\n';
    }
    if (!settings.svg.empty()) {
        write_text_file(settings.svg, svg_of(problem.picture(solution), title));
        std::cout << "wrote " << settings.svg << '\n';
    }
    return kExitOk;
}

}  // namespace xcount::cli
