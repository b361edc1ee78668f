// The sudoku generator: every puzzle has exactly one solution (the solver counts them all),
// that solution is the grid it was made from, and no clue (or symmetric pair) can go.
#include <catch2/catch.hpp>

#include "sudoku_generator.hpp"

using namespace xcount;

namespace {

void check_puzzle(const SudokuRequest& request, const SudokuPuzzle& p) {
    const auto cells = p.givens.size();
    REQUIRE(cells == p.solution.size());
    CHECK(sudoku_solutions(request.box_rows, request.box_cols, p.givens, 0) == 1);    // all counted, not stopped at 2
    CHECK(sudoku_solutions(request.box_rows, request.box_cols, p.solution, 0) == 1);  // the grid is complete and valid
    for (std::size_t k = 0; k < cells; ++k)
        if (p.givens[k] != '.') CHECK(p.givens[k] == p.solution[k]);
    for (std::size_t k = 0; k < cells; ++k) {
        if (p.givens[k] == '.') continue;
        std::string fewer = p.givens;
        fewer[k] = '.';
        if (request.symmetric) {
            CHECK(p.givens[cells - 1 - k] != '.');  // the pattern is symmetric
            fewer[cells - 1 - k] = '.';
        }
        INFO("clue at cell " << k);
        CHECK(sudoku_solutions(request.box_rows, request.box_cols, fewer, 2) == 2);  // minimal
    }
}

}  // namespace

TEST_CASE("generated 9x9 puzzles are unique and minimal", "[generator]") {
    const SudokuRequest request{3, 3, 20261129, false};
    for (std::uint64_t k = 0; k < 5; ++k) {
        const SudokuPuzzle p = generate_sudoku(request, k);
        INFO(p.givens);
        CHECK(p.clues >= 17);  // no 16-clue 9x9 puzzle exists (McGuire, Tugemann, Civario 2012)
        check_puzzle(request, p);
    }
    CHECK(generate_sudoku(request, 3).givens == generate_sudoku(request, 3).givens);  // reproducible
    CHECK(generate_sudoku(request, 3).givens != generate_sudoku(request, 4).givens);
}

TEST_CASE("symmetric puzzles, and other box shapes", "[generator]") {
    const SudokuRequest symmetric{3, 3, 7, true};
    for (std::uint64_t k = 0; k < 3; ++k) check_puzzle(symmetric, generate_sudoku(symmetric, k));
    const SudokuRequest six{2, 3, 7, false};
    for (std::uint64_t k = 0; k < 3; ++k) check_puzzle(six, generate_sudoku(six, k));
    const SudokuRequest four{2, 2, 7, false};
    check_puzzle(four, generate_sudoku(four, 0));
}
