#include "specialised.hpp"

#include <algorithm>
#include <array>
#include <set>
#include <utility>
#include <vector>

namespace xcount::bench {

namespace {

using Shape = std::vector<std::pair<int, int>>;  // (x, y) cells

// The 12 free pentominoes, one drawing each (x to the right, y down).
const std::array<Shape, 12> kPentominoes = {{
    {{1, 0}, {2, 0}, {0, 1}, {1, 1}, {1, 2}},  // F
    {{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}},  // I
    {{0, 0}, {0, 1}, {0, 2}, {0, 3}, {1, 3}},  // L
    {{1, 0}, {1, 1}, {0, 2}, {1, 2}, {0, 3}},  // N
    {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}},  // P
    {{0, 0}, {1, 0}, {2, 0}, {1, 1}, {1, 2}},  // T
    {{0, 0}, {2, 0}, {0, 1}, {1, 1}, {2, 1}},  // U
    {{0, 0}, {0, 1}, {0, 2}, {1, 2}, {2, 2}},  // V
    {{0, 0}, {0, 1}, {1, 1}, {1, 2}, {2, 2}},  // W
    {{1, 0}, {0, 1}, {1, 1}, {2, 1}, {1, 2}},  // X
    {{1, 0}, {0, 1}, {1, 1}, {1, 2}, {1, 3}},  // Y
    {{0, 0}, {1, 0}, {1, 1}, {1, 2}, {2, 2}},  // Z
}};

Shape normalised(Shape s) {
    int x0 = s[0].first, y0 = s[0].second;
    for (auto [x, y] : s) x0 = std::min(x0, x), y0 = std::min(y0, y);
    for (auto& [x, y] : s) x -= x0, y -= y0;
    std::sort(s.begin(), s.end());
    return s;
}

// The distinct shapes under the 8 rotations and reflections.
std::vector<Shape> orientations(const Shape& piece) {
    std::set<Shape> seen;
    Shape s = piece;
    for (int flip = 0; flip < 2; ++flip) {
        for (int turn = 0; turn < 4; ++turn) {
            seen.insert(normalised(s));
            for (auto& cell : s) cell = {-cell.second, cell.first};
        }
        for (auto& [x, y] : s) x = -x;
    }
    return {seen.begin(), seen.end()};
}

struct Tiler {
    // placements[cell][piece]: the words of the piece's placements whose lowest cell is `cell`.
    std::vector<std::array<std::vector<std::uint64_t>, 12>> placements;
    std::uint64_t full = 0;
    std::uint64_t count = 0;

    void search(std::uint64_t board, unsigned unused) {
        if (board == full) {
            ++count;
            return;
        }
        const int cell = __builtin_ctzll(~board);
        for (unsigned left = unused; left != 0; left &= left - 1) {
            const int piece = __builtin_ctz(left);
            for (std::uint64_t word : placements[static_cast<std::size_t>(cell)][static_cast<std::size_t>(piece)])
                if ((word & board) == 0) search(board | word, unused & ~(1u << piece));
        }
    }
};

}  // namespace

std::uint64_t pentomino_rectangles(int width, int height) {
    const int shorter = std::min(width, height), longer = std::max(width, height);
    Tiler t;
    t.placements.resize(64);
    t.full = shorter * longer == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << (shorter * longer)) - 1;
    // Cell (x, y), x along the long side, is bit x * shorter + y: the board fills down its short side.
    for (int p = 0; p < 12; ++p)
        for (const Shape& shape : orientations(kPentominoes[static_cast<std::size_t>(p)]))
            for (int x0 = 0; x0 < longer; ++x0)
                for (int y0 = 0; y0 < shorter; ++y0) {
                    std::uint64_t word = 0;
                    bool inside = true;
                    for (auto [x, y] : shape) {
                        const int cx = x0 + x, cy = y0 + y;
                        inside = inside && cx < longer && cy < shorter;
                        if (inside) word |= std::uint64_t{1} << (cx * shorter + cy);
                    }
                    if (inside) t.placements[static_cast<std::size_t>(__builtin_ctzll(word))][static_cast<std::size_t>(p)].push_back(word);
                }
    t.search(0, (1u << 12) - 1);
    return t.count;
}

namespace {

std::uint64_t queens_below(std::uint32_t all, std::uint32_t columns, std::uint32_t left, std::uint32_t right) {
    if (columns == all) return 1;
    std::uint64_t count = 0;
    for (std::uint32_t free = all & ~(columns | left | right); free != 0; free &= free - 1) {
        const std::uint32_t bit = free & (0u - free);
        count += queens_below(all, columns | bit, ((left | bit) << 1) & all, (right | bit) >> 1);
    }
    return count;
}

}  // namespace

std::uint64_t queens(int n) {
    const std::uint32_t all = (std::uint32_t{1} << n) - 1;
    std::uint64_t count = 0;
    for (int c = 0; c < n / 2; ++c) {
        const std::uint32_t bit = std::uint32_t{1} << c;
        count += 2 * queens_below(all, bit, (bit << 1) & all, bit >> 1);
    }
    if (n % 2 == 1) {
        const std::uint32_t bit = std::uint32_t{1} << (n / 2);
        count += queens_below(all, bit, (bit << 1) & all, bit >> 1);
    }
    return count;
}

std::uint64_t domino_profile(int rows, int columns, bool monominoes) {
    const std::size_t profiles = std::size_t{1} << rows;
    std::vector<std::uint64_t> ways(profiles, 0), next(profiles, 0);
    ways[0] = 1;
    for (int column = 0; column < columns; ++column)
        for (int row = 0; row < rows; ++row) {
            const std::size_t here = std::size_t{1} << row, below = here << 1;
            std::fill(next.begin(), next.end(), 0);
            for (std::size_t profile = 0; profile < profiles; ++profile) {
                const std::uint64_t w = ways[profile];
                if (w == 0) continue;
                if (profile & here) {  // covered from the column before
                    next[profile & ~here] += w;
                    continue;
                }
                if (column + 1 < columns) next[profile | here] += w;                   // across, into the next column
                if (row + 1 < rows && !(profile & below)) next[profile | below] += w;  // down
                if (monominoes) next[profile] += w;
            }
            ways.swap(next);
        }
    return ways[0];
}

}  // namespace xcount::bench
