#include <catch2/catch.hpp>

#include <optional>

#include <numeric>
#include <map>
#include <set>
#include <sstream>

#include "helpers.hpp"
#include "langford.hpp"
#include "latin.hpp"
#include "macmahon.hpp"
#include "polyform.hpp"
#include "queens.hpp"
#include "sudoku.hpp"
#include "xcount/dlx_format.hpp"
#include "xcount/plan.hpp"
#include "xcount/runner.hpp"
#include "xcount/symmetry.hpp"

using namespace xcount;

namespace {

const std::string kPieces = XCOUNT_SOURCE_DIR "/problems/pieces/";

std::vector<Problem> models_with_groups() {
    std::vector<Problem> out;
    for (int n : {5, 6, 8}) out.push_back(make_queens(n));
    out.push_back(make_sudoku(2, 2, ""));
    out.push_back(make_langford(7, false));
    out.push_back(make_latin(4, false));
    const auto pentominoes = read_pieces_file(kPieces + "pentominoes.txt");
    out.push_back(make_polyform(pentominoes, read_board("3x20"), Orientations::free, Copies::once(), "3x20"));
    // Domino tilings of a square: many tilings are symmetric, so Fix(g) is not zero.
    out.push_back(make_polyform(read_pieces_file(kPieces + "domino.txt"), read_board("4x4"), Orientations::free, Copies::any(), "4x4"));
    out.push_back(
        make_polyform(read_pieces_file(kPieces + "tetrominoes.txt"), read_board("4x5"), Orientations::free, Copies::once(), "4x5"));
    return out;
}

// The number of orbits, by brute force: canonicalise every solution (the least sorted image).
std::size_t orbit_count(const Matrix& m, const Group& g) {
    std::set<std::vector<OptionId>> canonical;
    Dancer(m).search([&](std::span<const OptionId> s) {
        std::vector<OptionId> least;
        for (std::size_t k = 0; k < g.order(); ++k) {
            std::vector<OptionId> image;
            for (OptionId o : s) image.push_back(g.element(k).options[static_cast<std::size_t>(o)]);
            std::sort(image.begin(), image.end());
            if (k == 0 || image < least) least = image;
        }
        canonical.insert(least);
    });
    return canonical.size();
}

}  // namespace

TEST_CASE("Burnside: the sum of Fix(g) over |G| equals the brute-force orbit count", "[symmetry]") {
    bool some_symmetric = false;
    auto problems = models_with_groups();
    problems.push_back(make_macmahon(2, 2, 3, -1, EdgeRule::colours));  // colours; a reflection turns squares over
    for (const Problem& p : problems) {
        INFO(p.name);
        const Group g = Group::generate(p.matrix, p.symmetries);
        const RunReport r = run_split(p.matrix, split_at_depth(p.matrix, 2), {}, RunOptions{.threads = 2, .group = &g});
        REQUIRE(r.fixed.size() == g.order());
        CHECK(r.fixed[0] == r.total.solutions);  // the identity fixes everything
        const auto distinct = burnside(r.fixed);
        REQUIRE(distinct);
        CHECK(*distinct == orbit_count(p.matrix, g));
        for (std::size_t k = 1; k < r.fixed.size(); ++k) some_symmetric = some_symmetric || r.fixed[k] != 0;
    }
    CHECK(some_symmetric);  // the test set must include solutions fixed by a non-identity element
}

TEST_CASE("Fix(g) counted on the problem each symmetry fixes equals Fix(g) tallied over the solutions", "[symmetry][fixed]") {
    auto problems = models_with_groups();
    problems.push_back(make_queens(10));
    problems.push_back(make_polyform(read_pieces_file(kPieces + "soma.txt"), read_board("3x3x3"), Orientations::one_sided, Copies::once(),
                                     "soma"));  // 48 symmetries
    problems.push_back(make_polyform(read_pieces_file(kPieces + "domino.txt"), read_board("6x6"), Orientations::free, Copies::any(),
                                     "6x6"));  // 6728 tilings (OEIS A099390), many of them symmetric
    std::size_t nonzero = 0;
    for (const Problem& p : problems) {
        INFO(p.name);
        const Group g = Group::generate(p.matrix, p.symmetries);
        const RunReport r = run_split(p.matrix, split_at_depth(p.matrix, 2), {}, RunOptions{.threads = 2, .group = &g});
        for (std::size_t k = 0; k < g.order(); ++k) {
            INFO("element " << g.element(k).name);
            const Matrix fixed = fixed_points_matrix(p.matrix, g.element(k));
            CHECK(Dancer(fixed).count().solutions == r.fixed[k]);
            nonzero += k > 0 && r.fixed[k] != 0;
        }
    }
    CHECK(nonzero >= 10);  // symmetric solutions of many elements, not only zeros
    const Problem identity = make_queens(6);
    CHECK(Dancer(fixed_points_matrix(identity.matrix, Group::generate(identity.matrix, {}).element(0))).count().solutions == 4);
}

TEST_CASE("recount_fixed: Fix(g) of the whole group from the fixed-point problems, nothing when stopped", "[symmetry][fixed]") {
    const Problem queens = make_queens(8);
    const Group g = Group::generate(queens.matrix, queens.symmetries);
    const RunReport r = run_split(queens.matrix, split_at_depth(queens.matrix, 2), {}, RunOptions{.threads = 2, .group = &g});
    const auto recounted = recount_fixed(queens.matrix, g, r.total.solutions, Method{EngineKind::bits, Choice{}});
    REQUIRE(recounted);
    CHECK(*recounted == r.fixed);
    CHECK(*burnside(*recounted) == 12);  // OEIS A002562
    CHECK(recount_fixed(queens.matrix, g, r.total.solutions, Method{EngineKind::bits, Choice{}}, nullptr, 0, 2) == recounted);
    Stop raised;
    raised.raise();
    CHECK_FALSE(recount_fixed(queens.matrix, g, r.total.solutions, Method{}, &raised));  // a partial list would be no check
    CHECK_FALSE(recount_fixed(queens.matrix, g, r.total.solutions, Method{}, &raised, 0, 2));
}

TEST_CASE("recount_fixed spends a node budget and stops where it runs out", "[symmetry][fixed]") {
    const Problem queens = make_queens(8);
    const Group g = Group::generate(queens.matrix, queens.symmetries);
    Stop unlimited(nullptr, {.max_nodes = 1'000'000'000});
    REQUIRE(recount_fixed(queens.matrix, g, 92, Method{EngineKind::dlx, Choice{}}, &unlimited));
    const std::uint64_t needed = 1'000'000'000 - unlimited.nodes_left();
    CHECK(needed > 10);
    Stop short_of_it(nullptr, {.max_nodes = needed - 1});
    CHECK_FALSE(recount_fixed(queens.matrix, g, 92, Method{EngineKind::dlx, Choice{}}, &short_of_it));
    CHECK(short_of_it.cause() == StopCause::nodes);
    Stop just_enough(nullptr, {.max_nodes = needed});
    CHECK(recount_fixed(queens.matrix, g, 92, Method{EngineKind::dlx, Choice{}}, &just_enough));
}

TEST_CASE("published counts up to symmetry", "[symmetry]") {
    auto distinct = [](const Problem& p) {
        const Group g = Group::generate(p.matrix, p.symmetries);
        return *burnside(run_split(p.matrix, split_at_depth(p.matrix, 2), {}, RunOptions{.threads = 2, .group = &g}).fixed);
    };
    CHECK(distinct(make_queens(8)) == 12);  // OEIS A002562
    CHECK(distinct(make_queens(10)) == 92);
    const auto pentominoes = read_pieces_file(kPieces + "pentominoes.txt");
    CHECK(distinct(make_polyform(pentominoes, read_board(XCOUNT_SOURCE_DIR "/problems/boards/scott-8x8.txt"), Orientations::free,
                                 Copies::once(), "scott")) == 65);  // Knuth, "Dancing Links" (2000); Polyform Puzzler
    CHECK(distinct(make_polyform(read_pieces_file(kPieces + "soma.txt"), read_board("3x3x3"), Orientations::one_sided, Copies::once(),
                                 "soma")) == 240);    // Polyform Puzzler (D. Goodger), somacubes.py
    CHECK(distinct(make_langford(8, false)) == 150);  // OEIS A014552
}

TEST_CASE("groups have the orders of their boards", "[symmetry]") {
    const auto pentominoes = read_pieces_file(kPieces + "pentominoes.txt");
    auto order = [](const Problem& p) { return Group::generate(p.matrix, p.symmetries).order(); };
    CHECK(order(make_polyform(pentominoes, read_board("6x10"), Orientations::free, Copies::once(), "")) == 4);
    CHECK(order(make_polyform(pentominoes, read_board(XCOUNT_SOURCE_DIR "/problems/boards/scott-8x8.txt"), Orientations::free,
                              Copies::once(), "")) == 8);
    CHECK(order(make_polyform(pentominoes, read_board("3x4x5"), Orientations::free, Copies::once(), "")) == 8);
    CHECK(order(make_polyform(read_pieces_file(kPieces + "soma.txt"), read_board("3x3x3"), Orientations::one_sided, Copies::once(), "")) ==
          48);
    CHECK(order(make_queens(7)) == 8);
    CHECK(order(make_langford(5, false)) == 2);
    CHECK(make_langford(5, true).symmetries.empty());
    CHECK(make_sudoku(3, 3, "1................................................................................").symmetries.empty());
}

TEST_CASE("the reduced total equals the full total for every model, thread count and depth", "[symmetry][reduce]") {
    auto problems = models_with_groups();
    problems.push_back(make_polyform(read_pieces_file(kPieces + "pentominoes.txt"),
                                     read_board(XCOUNT_SOURCE_DIR "/problems/boards/scott-8x8.txt"), Orientations::free, Copies::once(),
                                     "scott"));
    int two_levels = 0;
    for (const Problem& p : problems) {
        const Group g = Group::generate(p.matrix, p.symmetries);
        const auto reduction = reduce(p.matrix, g);
        INFO(p.name);
        REQUIRE(reduction);
        two_levels += reduction->second_weight.empty() ? 0 : 1;
        const Count full = Dancer(p.matrix).count().solutions;
        std::optional<SearchStats> mrv;  // the reduced tree's work, the same at every depth
        for (int depth : {1, 2, 3})
            for (int threads : {1, 2, 3, 4}) {
                INFO("depth " << depth << ", threads " << threads);
                const Split split = split_reduced(*reduction, depth);
                for (EngineKind engine : {EngineKind::dlx, EngineKind::cells, EngineKind::bits}) {
                    const RunReport r = run_split(reduction->matrix, split, {}, RunOptions{.threads = threads, .engine = engine});
                    CHECK(r.total.solutions == full);
                    if (!mrv) mrv = r.total;
                    CHECK(r.total.nodes == mrv->nodes);
                    CHECK(r.total.updates == mrv->updates);
                }
                // The scan rule's tree, forced items included: every engine, the same figures.
                const Split scan = split_reduced(*reduction, depth, Choice{ChooseRule::scan, 0});
                std::optional<SearchStats> first;
                for (EngineKind engine : {EngineKind::scan, EngineKind::dlx, EngineKind::cells, EngineKind::bits}) {
                    INFO("scan rule, engine " << engine_name(engine));
                    const RunReport r = run_split(reduction->matrix, scan, {}, RunOptions{.threads = threads, .engine = engine});
                    CHECK(r.total.solutions == full);
                    if (!first) first = r.total;
                    CHECK(r.total.nodes == first->nodes);
                    CHECK(r.total.updates == first->updates);
                }
            }
    }
    CHECK(two_levels >= 1);  // Scott's board reduces again below the X's symmetric placements
}

TEST_CASE("Fix(g) counted below the representatives equals Fix(g) of the full count", "[symmetry][reduce]") {
    auto problems = models_with_groups();
    problems.push_back(make_polyform(read_pieces_file(kPieces + "pentominoes.txt"),
                                     read_board(XCOUNT_SOURCE_DIR "/problems/boards/scott-8x8.txt"), Orientations::free, Copies::once(),
                                     "scott"));
    problems.push_back(make_polyform(read_pieces_file(kPieces + "soma.txt"), read_board("3x3x3"), Orientations::one_sided, Copies::once(),
                                     "soma"));  // 48 symmetries
    int counted = 0;
    for (const Problem& p : problems) {
        INFO(p.name);
        Group g = Group::generate(p.matrix, p.symmetries);
        const auto reduction = reduce(p.matrix, g);
        REQUIRE(reduction);
        if (!reduction->counts_fixed()) continue;
        CHECK_FALSE(g.has_conjugates());  // only a reduced count with Fix(g) pays for the table
        REQUIRE(g.keep_conjugates());
        ++counted;
        const RunReport full = run_split(p.matrix, split_at_depth(p.matrix, 2), {}, RunOptions{.threads = 2, .group = &g});
        for (int depth : {0, 1, 3}) {
            INFO("depth " << depth);
            const Split split = split_reduced(*reduction, depth);
            for (EngineKind engine : {EngineKind::dlx, EngineKind::bits}) {
                const RunReport r = run_split(reduction->matrix, split, {},
                                              RunOptions{.threads = 2, .engine = engine, .group = &g, .reduction = &*reduction});
                CHECK(r.total.solutions == full.total.solutions);
                CHECK(r.fixed == full.fixed);
            }
        }
    }
    CHECK(counted >= 8);  // all but the models whose reduction keeps part of the group
}

TEST_CASE("a rotation of a cycle: reduced through the orbit of all its items up to 8 of them, not at all above", "[symmetry][reduce]") {
    // A cycle of n items covered by single items and adjacent pairs: its matchings, the Lucas
    // number L(n) (OEIS A000032), 47 for 8. The rotation moves every item, so no item is fixed.
    for (int n : {5, 8, 9}) {
        INFO("cycle of " << n);
        std::ostringstream text;
        for (int i = 0; i < n; ++i) text << "i" << i << ' ';
        text << '\n';
        for (int i = 0; i < n; ++i) text << 'i' << i << "\ni" << i << " i" << (i + 1) % n << '\n';  // options 2i and 2i + 1
        std::istringstream in(text.str());
        const Matrix m = read_dlx(in, "cycle.dlx");
        Symmetry turn{"turn", {}, {}};
        for (int k = 0; k < 2 * n; ++k) turn.options.push_back(static_cast<OptionId>((k + 2) % (2 * n)));
        Group g = Group::generate(m, {turn});
        REQUIRE(g.order() == static_cast<std::size_t>(n));
        REQUIRE(g.keep_conjugates());
        const auto reduction = reduce(m, g);
        if (n > 8) {
            CHECK_FALSE(reduction);
            continue;
        }
        REQUIRE(reduction);
        CHECK(reduction->by_orbit());
        CHECK(reduction->items.size() == static_cast<std::size_t>(n));
        const Split split = split_reduced(*reduction, n);
        const RunReport r = run_split(reduction->matrix, split, {}, RunOptions{.threads = 2, .group = &g, .reduction = &*reduction});
        const Count lucas = n == 5 ? 11 : 47;
        CHECK(r.total.solutions == lucas);
        const RunReport full = run_split(m, split_at_depth(m, 1), {}, RunOptions{.threads = 1, .group = &g});
        CHECK(r.fixed == full.fixed);
        CHECK(r.fixed[0] == lucas);
    }
}

TEST_CASE("queens reduce by the whole group through an orbit of rows and columns", "[symmetry][reduce]") {
    // OEIS A000170: the number of ways to place n non-attacking queens on an n x n board.
    const std::vector<Count> published{1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200};
    for (int n = 2; n <= 12; ++n) {  // 1 queen: the 8 symmetries are one map of its one option
        INFO("n = " << n);
        const Problem p = make_queens(n);
        const Group g = Group::generate(p.matrix, p.symmetries);
        const auto reduction = reduce(p.matrix, g);
        REQUIRE(reduction);
        // No row or column is fixed by all 8 symmetries (the transposition swaps them), but
        // the middle two rows and columns make an orbit of 4 (odd n: the middle row and column, 2).
        CHECK(reduction->by_orbit());
        CHECK(reduction->items.size() == (n % 2 ? 2u : 4u));
        const int depth = static_cast<int>(reduction->items.size());
        Split split = split_at_depth(reduction->matrix, depth, {.forced = reduction->items, .second_below = reduction->second_below});
        // The queens covering the orbit's rows and columns, where a prefix covers them all.
        const auto cover_of = [&](std::span<const OptionId> prefix) {
            std::vector<OptionId> cover;
            std::set<ItemId> covered;
            for (OptionId o : prefix)
                for (ItemId i : p.matrix.option(o))
                    if (std::find(reduction->items.begin(), reduction->items.end(), i) != reduction->items.end())
                        covered.insert(i), cover.push_back(o);
            std::sort(cover.begin(), cover.end());
            cover.erase(std::unique(cover.begin(), cover.end()), cover.end());
            return covered.size() == reduction->items.size() ? cover : std::vector<OptionId>{};
        };
        std::set<std::vector<OptionId>> every_cover;
        for (std::size_t id = 0; id < split.size(); ++id)
            if (auto c = cover_of(split.prefix(id)); !c.empty()) every_cover.insert(c);
        const Split weighted = split_reduced(*reduction, depth);
        CHECK(run_split(reduction->matrix, weighted, {}, RunOptions{.threads = 2}).total.solutions == published[n - 1]);
        // One cover kept per orbit, weighted by the orbit's size: the weights add up to every cover.
        std::map<std::vector<OptionId>, Count> kept;
        for (std::size_t id = 0; id < weighted.size(); ++id)
            if (auto c = cover_of(weighted.prefix(id)); !c.empty()) kept[c] = weighted.weight(id);
        Count weights = 0;
        for (const auto& [cover, weight] : kept) weights += weight;
        CHECK(weights == every_cover.size());
        if (n >= 8) CHECK(kept.size() * 6 < every_cover.size());  // most covers have no symmetry
    }
}

TEST_CASE("a symmetry of a matrix with colours must keep every item's colour", "[symmetry][colours]") {
    // A and B, each with X red or green: 2 solutions (both red, both green).
    std::istringstream text("A B | X\nA X:r\nB X:r\nA X:g\nB X:g\n");
    const Matrix m = read_dlx(text, "two.dlx");
    // Swapping A and B keeps the colours: a symmetry, each solution fixed by it.
    const Symmetry swap{"swap", {1, 0, 3, 2}, {}};
    CHECK(Group::generate(m, {swap}).order() == 2);
    // Swapping A and B while exchanging red for green takes "A X:r" to "B X:g": the items
    // follow, the colours do not, and the map is refused.
    const Symmetry recolour{"recolour", {3, 2, 1, 0}, {}};
    CHECK_THROWS_WITH(Group::generate(m, {recolour}),
                      Catch::Contains("symmetry 'recolour' is not an automorphism: option 0 (A X:r) goes to option 3 (B X:g)"));
}

TEST_CASE("a symmetry of a matrix with multiplicities must keep every item's bounds", "[symmetry][multiplicity]") {
    // A twice and B twice: swapping them is a symmetry. With A twice and B once the options
    // still map onto options, but the solution {A, A, B} would go to {A, B, B}, which is none.
    std::istringstream same("2|A 2|B\nA\nA\nB\nB\n"), other("2|A B\nA\nA\nB\nB\n");
    const Symmetry swap{"swap", {2, 3, 0, 1}, {}};
    CHECK(Group::generate(read_dlx(same, "same.dlx"), {swap}).order() == 2);
    CHECK_THROWS_WITH(Group::generate(read_dlx(other, "other.dlx"), {swap}),
                      Catch::Contains("symmetry 'swap' maps items of different multiplicities onto each other (item 'A')"));
}

TEST_CASE("a permutation that is not an automorphism is refused, naming it", "[symmetry][bad-input]") {
    const Problem q = make_queens(5);
    Symmetry broken{"swap-two", std::vector<OptionId>(q.matrix.option_count()), {}};
    std::iota(broken.options.begin(), broken.options.end(), 0);
    std::swap(broken.options[0], broken.options[1]);  // (0,0) <-> (0,1): no symmetry does that
    CHECK_THROWS_WITH(Group::generate(q.matrix, {broken}), Catch::Contains("symmetry 'swap-two'"));
    Symmetry short_map{"short", {0, 1}, {}};
    CHECK_THROWS_WITH(Group::generate(q.matrix, {short_map}), Catch::Contains("does not permute the 25 options"));
    // An item map that does not follow the options is caught too.
    Symmetry bad_items = q.symmetries[0];
    bad_items.items.assign(q.matrix.item_count(), 0);
    std::iota(bad_items.items.begin(), bad_items.items.end(), 0);
    CHECK_THROWS_WITH(Group::generate(q.matrix, {bad_items}), Catch::Contains("is not an automorphism"));
}

TEST_CASE("a plan moves with its matrix; only a reduced count with Fix(g) builds the conjugates", "[symmetry][plan]") {
    const Problem p = make_queens(8);
    const Plan checked = make_plan(p.matrix, p.symmetries, {.symmetry = SymmetryMode::check, .method = {}, .depth = {}});
    REQUIRE(checked.fixed_group());
    CHECK_FALSE(checked.group->has_conjugates());
    CHECK(&checked.matrix() == &p.matrix);
    std::optional<Plan> moved = make_plan(p.matrix, p.symmetries, {.symmetry = SymmetryMode::reduce, .method = {}, .depth = {}});
    const Plan plan = std::move(*moved);
    moved.reset();
    REQUIRE(plan.reduction);
    CHECK(&plan.matrix() == &plan.reduction->matrix);
    REQUIRE(plan.fixed_group());
    CHECK(plan.group->has_conjugates());
    const RunReport r = run_split(plan.matrix(), plan.split, {},
                                  RunOptions{.threads = 2, .group = plan.fixed_group(), .reduction = plan.fixed_reduction()});
    CHECK(r.total.solutions == 92);         // OEIS A000170
    CHECK(burnside(r.fixed) == Count{12});  // OEIS A002562
}
