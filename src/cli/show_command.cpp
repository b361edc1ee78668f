// `xcount show`: solution K of a problem, as text (coloured on a terminal) and as an SVG file.
#include <fstream>
#include <iostream>

#include "colour.hpp"
#include "cli.hpp"
#include "commands.hpp"
#include "svg.hpp"
#include "xcount/runner.hpp"
#include "xcount/error.hpp"

namespace xcount::cli {

std::ofstream open_output_file(const std::string& path) {
    std::ofstream out;
    if (path.empty()) return out;
    out.open(path);
    if (!out) throw InputError(path + ": cannot open for writing");
    return out;
}

FoundSolution find_solution(const Problem& problem, const Settings& settings, long k, std::uint64_t max_nodes) {
    FoundSolution out;
    auto keep = [&](std::span<const OptionId> s) {
        ++out.found;
        out.options.assign(s.begin(), s.end());
    };
    const Limits limits{.max_solutions = static_cast<Count>(k), .stop = nullptr, .max_nodes = max_nodes};
    const SearchStats stats = search_solutions(problem, settings, limits, keep);
    out.complete = stats.complete || out.found == static_cast<Count>(k);
    if (out.found < static_cast<Count>(k)) out.options.clear();
    return out;
}

int show_command(const Problem& problem, const Settings& settings) {
    if (!settings.svg.empty() && !problem.picture)
        throw InputError("show: " + problem.name + " has no picture (a DLX file is only items and options); use xcount solve");
    std::ofstream svg = open_output_file(settings.svg);  // before the search: a bad path fails first
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
        svg << svg_of(problem.picture(solution), title);
        svg.close();
        if (!svg) throw InputError(settings.svg + ": write failed");
        std::cout << "wrote " << settings.svg << '\n';
    }
    return kExitOk;
}

}  // namespace xcount::cli
