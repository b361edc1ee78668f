// Fuzz target: board files on each lattice, and a model built on a board that reads (one
// domino-sized piece, any number of copies: every board cell must become an item).
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

#include "polyform.hpp"
#include "xcount/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace xcount;
    const std::string text(reinterpret_cast<const char*>(data), size);
    const std::pair<const Lattice*, const char*> lattices[] = {{&square_lattice(), "piece A\nX\n"},
                                                               {&triangle_lattice(), "piece A\nX\n"},
                                                               {&edge_lattice(), "piece A\n+-+\n"},
                                                               {&hex_lattice(), "piece A\nX\n"}};
    for (const auto& [lattice, unit_piece] : lattices) {
        try {
            const auto board = parse_board(text, "fuzz.txt", *lattice);
            if (board.size() > 400) continue;
            const auto piece = parse_pieces(unit_piece, "unit", *lattice);
            const Problem p = make_polyform(piece, board, Orientations::free, Copies::any(), "fuzz", *lattice);
            if (p.matrix.primary_count() != board.size()) throw std::logic_error("a board cell is not an item");
        } catch (const InputError&) {
        }
    }
    return 0;
}
