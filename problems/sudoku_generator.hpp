// problems/sudoku_generator.hpp: sudoku puzzles with exactly one solution, minimal.
//
// A random complete grid (the first solution of the grid-counting matrix with its options in
// a random order, searched with a random item choice among the fewest options), then clues
// removed one at a time in a random order, each removal kept only while the puzzle still has
// exactly one solution (a search stopped at two). One pass leaves it minimal: a clue whose
// removal failed once cannot succeed later, since removing clues only adds solutions. With
// `symmetric`, clues go in pairs (a cell and its image under the half turn), and the puzzle
// is minimal among puzzles with that symmetry. The same options give the same puzzles.
#pragma once

#include <cstdint>
#include <string>

namespace xcount {

struct SudokuRequest {
    int box_rows = 3, box_cols = 3;
    std::uint64_t seed = 0;
    bool symmetric = false;
};

struct SudokuPuzzle {
    std::string givens;    // n*n characters in row order, '.' for an empty cell (the --givens format)
    std::string solution;  // the grid it completes to, the same format
    int clues = 0;
};

// Puzzle number `index` (0, 1, ...) of the stream that `request` names.
SudokuPuzzle generate_sudoku(const SudokuRequest& request, std::uint64_t index);

// Solutions of the puzzle, counted up to `stop_at` (0: all).
std::uint64_t sudoku_solutions(int box_rows, int box_cols, const std::string& givens, std::uint64_t stop_at = 2);

}  // namespace xcount
