#include "queens.hpp"

#include "lattice.hpp"

#include <string>
#include <vector>

namespace xcount {

namespace {

// 0..n-1 from the middle outwards: for n = 8, 4 3 5 2 6 1 7 0.
std::vector<int> organ_pipe(int n) {
    std::vector<int> order;
    for (int k = 0; k < n; ++k) order.push_back(n / 2 + (k % 2 == 0 ? k / 2 : -(k + 1) / 2));
    return order;
}

std::string render_board(int n, std::span<const OptionId> solution) {
    std::vector<std::string> rows(static_cast<std::size_t>(n), std::string(static_cast<std::size_t>(n), '.'));
    for (OptionId option : solution) rows[static_cast<std::size_t>(option / n)][static_cast<std::size_t>(option % n)] = 'Q';
    std::string out;
    for (const auto& row : rows) {
        for (std::size_t k = 0; k < row.size(); ++k) out += (k ? " " : "") + std::string(1, row[k]);
        out += '\n';
    }
    return out;
}

// The queens' columns, 1..n, row by row.
std::string queen_columns(int n, std::span<const OptionId> solution) {
    std::vector<int> column(static_cast<std::size_t>(n));
    for (OptionId option : solution) column[static_cast<std::size_t>(option / n)] = option % n + 1;
    std::string out;
    for (int c : column) out += (out.empty() ? "" : " ") + std::to_string(c);
    return out;
}

Picture draw_board(int n, std::span<const OptionId> solution) {
    LabelGrid grid{.rows = n,
                   .columns = n,
                   .box_rows = 0,
                   .box_columns = 0,
                   .checkered = true,
                   .labels = std::vector<std::string>(static_cast<std::size_t>(n * n))};
    for (OptionId option : solution) grid.labels[static_cast<std::size_t>(option)] = "\u265B";  // a black queen
    return {{Panel{.title = "", .pieces = {}, .grid = std::move(grid)}}};
}

}  // namespace

Problem make_queens(int n) {
    if (n < 1 || n > kMaxQueens)
        throw InputError("queens: --n must be between 1 and " + std::to_string(kMaxQueens) + ", not " + std::to_string(n));
    MatrixBuilder b;
    std::vector<ItemId> row(static_cast<std::size_t>(n)), col(static_cast<std::size_t>(n));
    for (int k : organ_pipe(n)) {
        row[static_cast<std::size_t>(k)] = b.add_item("r" + std::to_string(k), Kind::primary);
        col[static_cast<std::size_t>(k)] = b.add_item("c" + std::to_string(k), Kind::primary);
    }
    std::vector<ItemId> diag, anti;
    for (int d = 0; d < 2 * n - 1; ++d) diag.push_back(b.add_item("a" + std::to_string(d), Kind::secondary));
    for (int d = 0; d < 2 * n - 1; ++d) anti.push_back(b.add_item("b" + std::to_string(d), Kind::secondary));
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            const auto u = static_cast<std::size_t>(i), v = static_cast<std::size_t>(j);
            b.add_option({row[u], col[v], diag[u + v], anti[u + static_cast<std::size_t>(n - 1) - v]});
        }
    }
    // The scan engine goes row by row, as the bitwise solvers do; the columns then fill by themselves.
    std::vector<ItemId> scan = row;
    scan.insert(scan.end(), col.begin(), col.end());
    b.set_scan_order(std::move(scan));
    // Option id i*n + j is the queen on (i, j): the renderer and the symmetries rely on it.
    Problem p{"queens n=" + std::to_string(n), std::move(b).build(), [n](std::span<const OptionId> s) { return render_board(n, s); }};
    for (const LatticeMap& map : lattice_maps(false)) {
        if (map.name == "identity") continue;
        Symmetry g{map.name, std::vector<OptionId>(static_cast<std::size_t>(n * n)), {}};
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) {
                // Centre the board on the origin (doubled coordinates), map, and shift back.
                const Cell image = map(Cell{2 * j - (n - 1), 2 * i - (n - 1), 0});
                const int x = (image[0] + n - 1) / 2, y = (image[1] + n - 1) / 2;
                g.options[static_cast<std::size_t>(i * n + j)] = y * n + x;
            }
        p.symmetries.push_back(std::move(g));
    }
    p.picture = [n](std::span<const OptionId> s) { return draw_board(n, s); };
    p.line = [n](std::span<const OptionId> s) { return queen_columns(n, s); };
    return p;
}

}  // namespace xcount
