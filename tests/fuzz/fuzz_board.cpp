// Fuzz target: board files on each lattice, and a model built on a board that reads (one
// domino-sized piece, any number of copies: every board cell must become an item).
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "polyform.hpp"
#include "xcount/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace xcount;
    const std::string text(reinterpret_cast<const char*>(data), size);
    const char* unit_piece[] = {"piece A\nX\n", "piece A\nX\n", "piece A\n+-+\n"};
    int which = 0;
    for (const Lattice* lattice : {&square_lattice(), &triangle_lattice(), &edge_lattice()}) {
        try {
            const auto board = parse_board(text, "fuzz.txt", *lattice);
            if (board.size() > 400) continue;
            const auto piece = parse_pieces(unit_piece[which], "unit", *lattice);
            const Problem p = make_polyform(piece, board, Orientations::free, Copies::any(), "fuzz", *lattice);
            if (p.matrix.primary_count() != board.size()) throw std::logic_error("a board cell is not an item");
        } catch (const InputError&) {
        }
        ++which;
    }
    return 0;
}
