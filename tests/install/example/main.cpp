// Uses the installed engine the way a downstream program would: builds a matrix (n queens,
// rows and columns primary, diagonals secondary), counts it, visits its solutions, splits it
// and runs the subproblems on threads with both engines, counts it again reduced by the board's
// symmetries as `xcount count --symmetry reduce` plans it, and reads one in DLX text.
#include <cstdio>
#include <sstream>
#include <string>

#include <xcount/cells.hpp>
#include <xcount/dancer.hpp>
#include <xcount/dlx_format.hpp>
#include <xcount/plan.hpp>
#include <xcount/runner.hpp>
#include <xcount/split.hpp>

xcount::Matrix queens(int n) {
    xcount::MatrixBuilder b;
    std::vector<xcount::ItemId> row, col, diag, anti;
    for (int i = 0; i < n; ++i) row.push_back(b.add_item("r" + std::to_string(i), xcount::Kind::primary));
    for (int i = 0; i < n; ++i) col.push_back(b.add_item("c" + std::to_string(i), xcount::Kind::primary));
    for (int d = 0; d < 2 * n - 1; ++d) diag.push_back(b.add_item("a" + std::to_string(d), xcount::Kind::secondary));
    for (int d = 0; d < 2 * n - 1; ++d) anti.push_back(b.add_item("b" + std::to_string(d), xcount::Kind::secondary));
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) b.add_option({row[i], col[j], diag[i + j], anti[i + n - 1 - j]});
    return std::move(b).build();
}

// The quarter turn and a mirror of the board, as permutations of the options (square i*n+j).
std::vector<xcount::Symmetry> board_symmetries(int n) {
    xcount::Symmetry turn{"rot90", {}, {}}, mirror{"flip", {}, {}};
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            turn.options.push_back(j * n + (n - 1 - i));
            mirror.options.push_back(i * n + (n - 1 - j));
        }
    return {turn, mirror};
}

int main() {
    const xcount::Matrix m = queens(8);
    const xcount::SearchStats counted = xcount::Dancer(m).count();
    int visited = 0;
    xcount::Dancer(m).search([&](std::span<const xcount::OptionId> solution) { visited += solution.size() == 8; });
    const xcount::Split split = xcount::split_automatically(m, 64);
    const auto links = xcount::run_split(m, split, {}, xcount::RunOptions{.threads = 2});
    const auto cells = xcount::run_split(m, split, {}, xcount::RunOptions{.threads = 2, .engine = xcount::EngineKind::cells});
    const auto symmetries = board_symmetries(8);
    const xcount::Plan plan = xcount::make_plan(m, symmetries, {.symmetry = xcount::SymmetryMode::reduce});
    const auto reduced = xcount::run_split(plan.matrix(), plan.split, {}, xcount::RunOptions{.threads = 2, .engine = plan.method.engine});
    std::istringstream text("| Knuth's example\nA B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n");
    const xcount::SearchStats knuth = xcount::Dancer(xcount::read_dlx(text, "knuth.dlx")).count();
    std::printf(
        "8 queens: %s counted, %d visited, %s split (%zu subproblems), %s on cells, %s reduced by %zu symmetries; "
        "Knuth's example: %s\n",
        xcount::to_string(counted.solutions).c_str(), visited, xcount::to_string(links.total.solutions).c_str(), split.size(),
        xcount::to_string(cells.total.solutions).c_str(), xcount::to_string(reduced.total.solutions).c_str(),
        plan.group ? plan.group->order() : 0, xcount::to_string(knuth.solutions).c_str());
    const bool ok = counted.solutions == 92 && visited == 92 && links.total.solutions == 92 && cells.total.solutions == 92 &&
                    reduced.total.solutions == 92 && plan.mode == xcount::SymmetryMode::reduce && knuth.solutions == 1;
    return ok ? 0 : 1;
}
