// The polyform model: the placements of every orientation of every piece on the board, the
// board's symmetries as permutations of them, and the scan order. Its text forms are in
// polyform_text.cpp, its pictures in polyform_picture.cpp.
#include "polyform.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <numeric>
#include <set>

#include "polyform_parts.hpp"
#include "xcount/count.hpp"
#include "xcount/multiplicity.hpp"

namespace xcount {

namespace polyform {

int floor_multiple(int value, int period) { return period * (value / period - (value % period < 0)); }

void normalise(std::vector<Cell>& cells, const Lattice& lattice) {
    Cell low{cells[0]};
    for (const Cell& c : cells)
        for (std::size_t k = 0; k < 3; ++k) low[k] = std::min(low[k], c[k]);
    for (std::size_t k = 0; k < 3; ++k) low[k] = floor_multiple(low[k], lattice.period());
    for (Cell& c : cells)
        for (std::size_t k = 0; k < 3; ++k) c[k] -= low[k];
    std::sort(cells.begin(), cells.end());
}

}  // namespace polyform

using polyform::normalise;
using polyform::Placement;

std::vector<std::vector<Cell>> orientations(const std::vector<Cell>& cells, Orientations mode, bool three_d, const Lattice& lattice) {
    std::set<std::vector<Cell>> shapes;
    const std::vector<LatticeMap> maps = lattice.maps(three_d);
    for (const LatticeMap& map : maps) {
        const bool identity = &map == &maps.front();
        if ((mode == Orientations::one_sided && !map.proper) || (mode == Orientations::fixed && !identity)) continue;
        std::vector<Cell> image;
        for (const Cell& c : cells) image.push_back(map(c));
        normalise(image, lattice);
        shapes.insert(image);
    }
    return {shapes.begin(), shapes.end()};
}

namespace {

bool is_three_d(const std::vector<Cell>& board) {
    return std::any_of(board.begin(), board.end(), [](const Cell& c) { return c[2] != 0; });
}

void check_fit(const std::vector<Piece>& pieces, const std::vector<Cell>& board, Copies copies, const Lattice& lattice) {
    const bool three_d = is_three_d(board);
    for (const Piece& p : pieces)
        for (const Cell& c : p.cells)
            if (c[2] != 0 && !three_d) throw InputError("piece " + quote_name(p.name) + " is three-dimensional but the board is flat");
    if (copies.unlimited()) return;
    std::size_t area = 0;
    for (const Piece& p : pieces) area += p.cells.size() * static_cast<std::size_t>(copies.each);
    if (copies.at_most ? area < board.size() : area != board.size()) {
        const std::string each = copies.each == 1 ? "" : " x " + std::to_string(copies.each) + " copies";
        const bool short_once = copies.each == 1 && !copies.at_most && area < board.size();
        throw InputError("the pieces cover " + std::to_string(area) + " " + lattice.unit() + "s (" + std::to_string(pieces.size()) +
                         (pieces.size() == 1 ? " piece" : " pieces") + each + ") but the board has " + std::to_string(board.size()) +
                         (copies.at_most ? ": too few pieces even if all are used" : "") +
                         (short_once ? " (for each piece as many times as it takes: --copies any)" : ""));
    }
}

// Every position of `shape` (normalised) on the board: the board cells it covers, in shape
// order. The translations tried are the multiples of the lattice's period over the board's
// extent (a board drawn on the hexagonal lattice can reach below 0).
std::vector<std::vector<Cell>> positions(const std::vector<Cell>& shape, const std::map<Cell, ItemId>& cell_item, const Cell& low,
                                         const Cell& high, int period) {
    std::vector<std::vector<Cell>> out;
    Cell start;
    for (std::size_t k = 0; k < 3; ++k) start[k] = polyform::floor_multiple(low[k] - period + 1, period);
    for (int z = start[2]; z <= high[2]; z += period)
        for (int y = start[1]; y <= high[1]; y += period)
            for (int x = start[0]; x <= high[0]; x += period) {
                std::vector<Cell> cells;
                for (const Cell& s : shape) {
                    const Cell c{s[0] + x, s[1] + y, s[2] + z};
                    if (!cell_item.count(c)) break;
                    cells.push_back(c);
                }
                if (cells.size() == shape.size()) out.push_back(std::move(cells));
            }
    return out;
}

// Every lattice map that takes the board onto itself (up to a translation) and the piece set
// onto itself, as a permutation of the placements. A one-sided piece may go to its mirror
// image (the Soma pieces A and B); a piece keeps its own name where its image is one of its
// own orientations (so pieces of the same shape map to themselves); a map under which some
// piece has no image is left out.
std::vector<Symmetry> board_symmetries(const std::vector<Piece>& pieces, const std::vector<Cell>& board, Orientations mode,
                                       const std::vector<Placement>& placements, const Lattice& lattice) {
    const bool three_d = is_three_d(board);
    auto sorted = [](std::vector<Cell> cells) {
        std::sort(cells.begin(), cells.end());
        return cells;
    };
    const std::vector<Cell> board_cells = sorted(board);
    std::vector<std::set<std::vector<Cell>>> shapes;
    for (const Piece& p : pieces) {
        const auto all = orientations(p.cells, mode, three_d, lattice);
        shapes.emplace_back(all.begin(), all.end());
    }
    std::map<std::pair<std::size_t, std::vector<Cell>>, OptionId> option_at;
    for (std::size_t o = 0; o < placements.size(); ++o)
        option_at[{placements[o].piece, sorted(placements[o].cells)}] = static_cast<OptionId>(o);

    std::vector<Symmetry> symmetries;
    const auto maps = lattice.maps(three_d);
    for (std::size_t m = 1; m < maps.size(); ++m) {
        const LatticeMap& map = maps[m];
        // The translation that brings the image of the board back onto the board's corner.
        Cell low = board_cells.front(), image_low = map(board_cells.front());
        for (const Cell& c : board_cells)
            for (std::size_t k = 0; k < 3; ++k) low[k] = std::min(low[k], c[k]), image_low[k] = std::min(image_low[k], map(c)[k]);
        auto move = [&](const Cell& c) {
            Cell t = map(c);
            for (std::size_t k = 0; k < 3; ++k) t[k] += low[k] - image_low[k];
            return t;
        };
        std::vector<Cell> image;
        for (const Cell& c : board_cells) image.push_back(move(c));
        if (sorted(image) != board_cells) continue;
        std::vector<std::size_t> piece_to;
        std::set<std::size_t> used;
        for (const Piece& p : pieces) {
            std::vector<Cell> shape;
            for (const Cell& c : p.cells) shape.push_back(map(c));
            normalise(shape, lattice);
            const auto holds = [&](const std::set<std::vector<Cell>>& set) { return set.count(shape) != 0; };
            const auto self = shapes.begin() + static_cast<std::ptrdiff_t>(piece_to.size());
            const auto it = holds(*self) ? self : std::find_if(shapes.begin(), shapes.end(), holds);
            if (it == shapes.end()) break;
            piece_to.push_back(static_cast<std::size_t>(it - shapes.begin()));
            used.insert(piece_to.back());
        }
        if (piece_to.size() != pieces.size() || used.size() != pieces.size()) continue;
        Symmetry g{map.name, std::vector<OptionId>(placements.size()), {}};
        bool complete = true;
        for (std::size_t o = 0; o < placements.size() && complete; ++o) {
            std::vector<Cell> cells;
            for (const Cell& c : placements[o].cells) cells.push_back(move(c));
            const auto it = option_at.find({piece_to[placements[o].piece], sorted(cells)});
            complete = it != option_at.end();
            if (complete) g.options[o] = it->second;
        }
        if (complete) symmetries.push_back(std::move(g));
    }
    return symmetries;
}

// The board's least and greatest coordinate along each axis.
struct Bounds {
    Cell low, high;
    int extent(std::size_t axis) const { return high[axis] - low[axis] + 1; }
};
Bounds bounds_of(const std::vector<Cell>& board) {
    Bounds b{board.front(), board.front()};
    for (const Cell& c : board)
        for (std::size_t k = 0; k < c.size(); ++k) b.low[k] = std::min(b.low[k], c[k]), b.high[k] = std::max(b.high[k], c[k]);
    return b;
}

// The order of the scan engine: the board's cells along its short side (the coordinate of least
// extent varies fastest), as the bitboard solvers fill a rectangle, then the pieces.
std::vector<ItemId> scan_order(const std::map<Cell, ItemId>& cell_item, const Bounds& bounds, const std::vector<ItemId>& piece_items,
                               Copies copies) {
    std::array<std::size_t, std::tuple_size_v<Cell>> axes{};
    std::iota(axes.begin(), axes.end(), std::size_t{0});
    std::stable_sort(axes.begin(), axes.end(), [&](std::size_t a, std::size_t b) { return bounds.extent(a) > bounds.extent(b); });
    std::vector<std::pair<Cell, ItemId>> cells(cell_item.begin(), cell_item.end());
    std::sort(cells.begin(), cells.end(), [&](const auto& a, const auto& b) {
        for (std::size_t k : axes)
            if (a.first[k] != b.first[k]) return a.first[k] < b.first[k];
        return false;
    });
    std::vector<ItemId> order;
    for (const auto& cell : cells) order.push_back(cell.second);
    if (!copies.at_most) order.insert(order.end(), piece_items.begin(), piece_items.end());
    return order;
}

// A flat board at least half as long again as it is wide. There the scan, down its short side,
// finds dead ends about as soon as mrv does, at a fraction of the cost per node; on squarish
// boards and in 3D mrv's tree is much the smaller (docs/benchmarks.md).
bool is_narrow(const Bounds& bounds) {
    const int a = bounds.extent(0), b = bounds.extent(1);
    return 2 * std::max(a, b) >= 3 * std::min(a, b);
}

// No two pieces drawn with the same letter (their first).
bool distinct_initials(const std::vector<Piece>& pieces) {
    std::set<char> initials;
    for (const Piece& p : pieces)
        if (!initials.insert(p.name[0]).second) return false;
    return true;
}

// A warning for each pair of pieces that the orientations allowed make the same shape (the
// Soma cube's A and B under free orientations): both are placed as distinct pieces, so every
// tiling is counted again with the two traded.
std::vector<std::string> congruent_pieces(const std::vector<Piece>& pieces, Orientations mode, bool three_d, const Lattice& lattice) {
    std::vector<std::set<std::vector<Cell>>> shapes;
    for (const Piece& p : pieces) {
        const auto all = orientations(p.cells, mode, three_d, lattice);
        shapes.emplace_back(all.begin(), all.end());
    }
    std::vector<std::string> warnings;
    for (std::size_t p = 0; p < pieces.size(); ++p)
        for (std::size_t q = p + 1; q < pieces.size(); ++q)
            if (shapes[p] == shapes[q])
                warnings.push_back("pieces " + pieces[p].name + " and " + pieces[q].name +
                                   " are the same shape under these orientations: a tiling and the one with the two traded both count");
    return warnings;
}

}  // namespace

Problem make_polyform(const std::vector<Piece>& pieces, const std::vector<Cell>& board, Orientations mode, Copies copies,
                      const std::string& name, const Lattice& lattice) {
    if (copies.each < 0 || copies.each > 16) throw InputError("--copies must be once, at-most-once, any or 1..16");
    check_fit(pieces, board, copies, lattice);
    const bool three_d = is_three_d(board);
    MatrixBuilder b;
    // A piece item each (none for any number of copies); with k copies it must be covered k
    // times, a multiplicity that the matrix expands below, so each tiling is found once.
    std::vector<ItemId> piece_items;
    if (!copies.unlimited())
        for (std::size_t k = 0; k < pieces.size(); ++k) {
            piece_items.push_back(b.add_item(pieces[k].name, copies.at_most ? Kind::secondary : Kind::primary));
            if (copies.each > 1)
                b.set_bounds(piece_items.back(), static_cast<std::uint32_t>(copies.each), static_cast<std::uint32_t>(copies.each));
        }
    std::map<Cell, ItemId> cell_item;
    for (const Cell& c : board)
        if (!cell_item.count(c)) cell_item[c] = b.add_item(lattice.item_name(c, three_d), Kind::primary);
    // Polysticks: a grid point that two pieces pass straight through is a crossing; a
    // secondary item per point lets at most one piece pass through it.
    std::map<Cell, ItemId> crossing_item;
    for (const Cell& point : lattice.crossings(board)) crossing_item[point] = b.add_item(lattice.crossing_name(point), Kind::secondary);
    auto placements = std::make_shared<std::vector<Placement>>();
    std::vector<std::string> notes;
    std::vector<std::string> warnings = congruent_pieces(pieces, mode, three_d, lattice);
    const Bounds bounds = bounds_of(board);
    for (std::size_t k = 0; k < pieces.size(); ++k) {
        const auto shapes = orientations(pieces[k].cells, mode, three_d, lattice);
        notes.push_back("piece " + pieces[k].name + ": " + std::to_string(shapes.size()) + " orientations");
        for (const auto& shape : shapes)
            for (const auto& cells : positions(shape, cell_item, bounds.low, bounds.high, lattice.period())) {
                std::vector<ItemId> option(1);
                for (const Cell& c : cells) option.push_back(cell_item.at(c));
                for (const Cell& point : lattice.crossings(cells)) option.push_back(crossing_item.at(point));
                if (!copies.unlimited()) option[0] = piece_items[k];
                b.add_option(std::span<const ItemId>(option).subspan(copies.unlimited() ? 1 : 0));
                placements->push_back({pieces[k].name[0], k, cells});
            }
    }
    b.set_scan_order(scan_order(cell_item, bounds, piece_items, copies));
    Matrix matrix = std::move(b).build();
    std::shared_ptr<const Matrix> as_written;
    if (copies.each > 1) {  // the expansion's options, each the placement it came from
        ExpandedMatrix expanded = expand_multiplicities(matrix);
        as_written = std::make_shared<const Matrix>(matrix);
        auto each = std::make_shared<std::vector<Placement>>();
        for (OptionId original : expanded.original) each->push_back((*placements)[static_cast<std::size_t>(original)]);
        placements = std::move(each);
        matrix = std::move(expanded.matrix);
    }
    Problem problem{name, std::move(matrix)};
    problem.as_written = std::move(as_written);
    problem.notes = std::move(notes);
    problem.warnings = std::move(warnings);
    problem.prefers_scan = !three_d && is_narrow(bounds) && copies.each <= 1;
    if (copies.each <= 1) problem.symmetries = board_symmetries(pieces, board, mode, *placements, lattice);
    if (copies.each > 1)
        problem.no_symmetry =
            "the board's symmetries are not derived for --copies " + std::to_string(copies.each) + " (no count up to symmetry)";
    else if (problem.symmetries.empty())
        problem.no_symmetry = "no symmetry of the board takes the piece set onto itself (no count up to symmetry)";
    const bool lettered_apart = copies.each != 1 || !distinct_initials(pieces);
    problem.render = [placements, board, &lattice, lettered_apart](std::span<const OptionId> solution) {
        std::vector<std::pair<char, std::vector<Cell>>> placed;
        for (OptionId o : solution)
            placed.emplace_back((*placements)[static_cast<std::size_t>(o)].letter, (*placements)[static_cast<std::size_t>(o)].cells);
        if (lettered_apart) {
            std::vector<std::vector<Cell>> cells;
            for (const auto& p : placed) cells.push_back(p.second);
            const std::vector<char> letters = polyform::copy_letters(cells, lattice);
            for (std::size_t k = 0; k < placed.size(); ++k) placed[k].first = letters[k];
        }
        return polyform::render(board, placed, lattice);
    };
    problem.line = [render = problem.render](std::span<const OptionId> solution) { return rows_on_one_line(render(solution)); };
    std::vector<std::string> names;
    for (const Piece& p : pieces) names.push_back(p.name);
    problem.piece_names = names;
    for (const Placement& placed : *placements) problem.option_piece.push_back(static_cast<std::uint32_t>(placed.piece));
    problem.picture = [placements, names, &lattice](std::span<const OptionId> solution) {
        return polyform::draw_solution(*placements, names, solution, lattice);
    };
    return problem;
}

}  // namespace xcount
