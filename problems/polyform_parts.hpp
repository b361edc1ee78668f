// problems/polyform_parts.hpp: what the polyform model's files share: a placement, shapes
// brought to a standard position, and the two drawings of a solution (text and picture).
// Internal to the model; the model's interface is polyform.hpp.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "lattice.hpp"
#include "picture.hpp"
#include "xcount/matrix.hpp"

namespace xcount::polyform {

struct Placement {
    char letter;        // drawn with the piece's first letter
    std::size_t piece;  // index in the piece list
    std::vector<Cell> cells;
};

// The greatest multiple of period at most value.
int floor_multiple(int value, int period);

// Translates the cells by a multiple of the lattice's period so that each coordinate's
// minimum lies in [0, period), then sorts them: two shapes that differ by a translation become equal.
void normalise(std::vector<Cell>& cells, const Lattice& lattice);

// Text of cells on the lattice: each cell's character at its text position, `blank` where the
// lattice has nothing (or its filler), one block of rows per layer.
std::string draw(const std::vector<std::pair<Cell, char>>& cells, const Lattice& lattice, char blank, const std::string& between_layers);

// Letters for placed pieces where a letter would stand for more than one (copies of a piece,
// pieces of one initial): a, b, ... z, A, ... Z, 0, ... 9, each piece the first not taken by a
// piece before it (in the order of their least cells) that it touches. Pieces being connected
// and touching pieces lettered apart, the text shows where each piece lies: two tilings give
// the same text only if they are the same tiling.
std::vector<char> copy_letters(const std::vector<std::vector<Cell>>& pieces, const Lattice& lattice);

// A solution as text: the board's cells, each placed piece's by its letter.
std::string render(const std::vector<Cell>& board, const std::vector<std::pair<char, std::vector<Cell>>>& placed, const Lattice& lattice);

// A solution drawn: one panel per layer (a flat board has one).
Picture draw_solution(const std::vector<Placement>& placements, const std::vector<std::string>& names, std::span<const OptionId> solution,
                      const Lattice& lattice);

}  // namespace xcount::polyform
