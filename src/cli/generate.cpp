// `xcount generate sudoku --box RxC [--seed S] [--symmetric] [--count K]`: minimal puzzles
// with exactly one solution, one per line in the --givens format; a summary on stderr.
#include <chrono>
#include <iostream>
#include <limits>

#include "cli.hpp"
#include "commands.hpp"
#include "flag_table.hpp"
#include "sudoku.hpp"
#include "sudoku_generator.hpp"

namespace po = boost::program_options;

namespace xcount::cli {

int generate_entry(const std::vector<std::string>& args) {
    const po::options_description flags = flags_of(kGenerate);
    if (args.empty() || args[0] != "sudoku") {
        if (!args.empty() && (args[0] == "--help" || args[0] == "-h")) {
            std::cout << "usage: xcount generate sudoku [OPTIONS]: sudoku puzzles with one solution, minimal\n\n" << flags;
            return kExitOk;
        }
        throw InputError("generate: the only generator is 'sudoku' (xcount generate sudoku --box 3x3)");
    }
    po::variables_map values = read_arguments(std::vector<std::string>(args.begin() + 1, args.end()), flags);
    if (values.count("help")) {
        std::cout << "usage: xcount generate sudoku [OPTIONS]: sudoku puzzles with one solution, minimal\n\n" << flags;
        return kExitOk;
    }
    SudokuRequest request;
    std::tie(request.box_rows, request.box_cols) = parse_box(values["box"].as<std::string>());
    if (request.box_rows * request.box_cols > 25) throw InputError("generate: --box up to 25 symbols (5x5)");
    request.symmetric = values.count("symmetric") != 0;
    const long long count = ranged_flag(values, kGenerate, "count");
    request.seed = seed_flag(values);
    const bool verbose = values.count("verbose") != 0;
    int fewest = std::numeric_limits<int>::max(), most = 0;
    long long clues = 0;
    const auto start = std::chrono::steady_clock::now();
    for (long long k = 0; k < count; ++k) {
        const auto began = std::chrono::steady_clock::now();
        const SudokuPuzzle p = generate_sudoku(request, static_cast<std::uint64_t>(k));
        std::cout << p.givens << '\n' << std::flush;
        if (verbose)
            std::cerr << "puzzle " << k + 1 << ": " << p.clues << " clues, "
                      << std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count() << " s\n";
        fewest = std::min(fewest, p.clues), most = std::max(most, p.clues), clues += p.clues;
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cerr << "xcount: " << count << " minimal " << (request.symmetric ? "symmetric " : "") << "puzzle" << (count == 1 ? "" : "s")
              << " with one solution each, box " << request.box_rows << "x" << request.box_cols << ", seed " << request.seed << ": "
              << fewest << "-" << most << " clues (mean " << static_cast<double>(clues) / static_cast<double>(count) << "), "
              << seconds / static_cast<double>(count) << " s per puzzle\n";
    return kExitOk;
}

}  // namespace xcount::cli
