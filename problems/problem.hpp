// problems/problem.hpp: what a model hands to the engine.
//
// A model is a function from its parameters to a Problem: the matrix, a name that says which
// instance it is, optionally a renderer that turns a solution (its option ids) into text a
// person can read and a picture of it, and the symmetries it knows. The engine only ever sees `matrix` and the
// symmetries as permutations.
#pragma once

#include <functional>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "picture.hpp"
#include "xcount/count.hpp"
#include "xcount/matrix.hpp"
#include "xcount/symmetry.hpp"

namespace xcount {

struct Problem {
    std::string name;
    Matrix matrix;
    std::function<std::string(std::span<const OptionId>)> render = {};  // may be empty
    std::function<Picture(std::span<const OptionId>)> picture = {};     // for SVG; may be empty
    // The solution on one line without its newline, for `solve --all` (a sudoku grid as its n*n
    // symbols, queens as their columns, a tiling as its picture's rows joined by '/'); may be empty.
    std::function<std::string(std::span<const OptionId>)> line = {};
    std::vector<std::string> notes = {};     // facts for --verbose (orientations per piece, ...)
    std::vector<std::string> warnings = {};  // what a user should know before trusting the count (congruent pieces)
    // Every solution of the problem is found this many times by the search (labelled copies
    // of identical pieces); the reported totals are the search's divided by it.
    Count overcount = 1;
    // Symmetries of the matrix (option permutations; item maps may be left for the engine to
    // derive). The engine closes them into a group; empty: none known.
    std::vector<Symmetry> symmetries = {};
    // The model's whole group where it is too large to list (sudoku's relabelling, band, stack,
    // row and column permutations; Latin squares' isotopies), by its conjugacy classes, for
    // --symmetry full; built when asked (it may take seconds). Empty: none.
    std::function<ClassedGroup()> full_group = {};
    // Why `symmetries` is empty where a user would expect some (none is reported), or empty.
    std::string no_symmetry = {};
    // The model's flag that counts one solution per symmetry class itself (Langford's
    // --up-to-reversal), named where an expected count turns out to be that one; or empty.
    std::string distinct_flag = {};
    // The model's flags that count a smaller problem whose count gives this one's (Latin's
    // --reduced), each with what it does: named when a count looks long.
    std::vector<std::string> shortcuts = {};
    // The matrix as the model states it, with multiplicities, where `matrix` is its expansion
    // (export writes this one); null otherwise.
    std::shared_ptr<const Matrix> as_written = {};
    // The model's verdict that the scan rule, in the matrix's scan order, searches a smaller
    // tree than mrv (count then walks it on the scan engine unless told otherwise).
    bool prefers_scan = false;
    // A family of boards grown along one side (a board range, RxA..B): per item, the first
    // board that holds it (1, 2, ...). Board n is the items of growth <= n and the options among
    // them; the model vouches that this is the problem of board n. Empty: one board. The first
    // term wanted is `first_term` (the terms before it are counted on the way, not shown).
    std::vector<std::uint32_t> growth = {};
    std::uint32_t first_term = 1;
    // The pieces a solution is made of, where the model has pieces: their names, and per option
    // of the matrix the piece it places (for counts by piece). Empty: no pieces.
    std::vector<std::string> piece_names = {};
    std::vector<std::uint32_t> option_piece = {};
};

}  // namespace xcount
