// Fuzz target: piece files on each lattice. Pieces that read print back to the same pieces,
// and their orientations are computed (the normalisation must not overflow or crash).
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "polyform.hpp"
#include "xcount/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace xcount;
    const std::string text(reinterpret_cast<const char*>(data), size);
    for (const Lattice* lattice : {&square_lattice(), &triangle_lattice(), &edge_lattice(), &hex_lattice()}) {
        try {
            const auto pieces = parse_pieces(text, "fuzz.txt", *lattice);
            const auto again = parse_pieces(format_pieces(pieces, *lattice), "printed", *lattice);
            if (again.size() != pieces.size()) throw std::logic_error("round trip lost pieces");
            for (std::size_t k = 0; k < pieces.size(); ++k) {
                if (again[k].cells != pieces[k].cells || again[k].name != pieces[k].name)
                    throw std::logic_error("round trip changed a piece");
                if (pieces[k].cells.size() <= 64) orientations(pieces[k].cells, Orientations::free, true, *lattice);
            }
        } catch (const InputError&) {
        }
    }
    return 0;
}
