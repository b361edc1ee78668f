#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "conjugacy.hpp"
#include "latin.hpp"
#include "sudoku.hpp"
#include "xcount/engines.hpp"
#include "xcount/symmetry.hpp"

using namespace xcount;

namespace {

std::multiset<Count> sizes_of(const std::vector<PermutationClass>& classes) {
    std::multiset<Count> sizes;
    for (const PermutationClass& c : classes) sizes.insert(c.size);
    return sizes;
}

Count factorial(int n) { return n <= 1 ? Count(1) : Count(static_cast<unsigned>(n)) * factorial(n - 1); }

}  // namespace

TEST_CASE("symmetric groups: one class per cycle type, n!/z of each, the identity first", "[conjugacy]") {
    const int partitions[] = {1, 2, 3, 5, 7, 11, 15, 22};  // p(1), ..., p(8)
    for (int n = 1; n <= 8; ++n) {
        const auto classes = symmetric_group_classes(n);
        CHECK(classes.size() == static_cast<std::size_t>(partitions[n - 1]));
        Count order = 0;
        std::set<std::string> types;
        for (const PermutationClass& c : classes) order += c.size, types.insert(cycle_type_text(c.element));
        CHECK(order == factorial(n));
        CHECK(types.size() == classes.size());
        CHECK(cycle_type_text(classes[0].element) == "1" + (n > 1 ? "^" + std::to_string(n) : std::string()));
        CHECK(classes[0].size == 1);
    }
    // S4: the identity 1, the transpositions 6, double transpositions 3, 3-cycles 8, 4-cycles 6.
    CHECK(sizes_of(symmetric_group_classes(4)) == std::multiset<Count>{1, 6, 3, 8, 6});
}

TEST_CASE("conjugacy classes of a generated group: S4 and the square's group on its corners", "[conjugacy]") {
    const auto s4 = conjugacy_classes({{1, 0, 2, 3}, {1, 2, 3, 0}}, 100);
    CHECK(sizes_of(s4) == std::multiset<Count>{1, 6, 3, 8, 6});
    CHECK(cycle_type_text(s4[0].element) == "1^4");
    // D4: identity, the half turn, the two quarter turns, two diagonal and two edge reflections.
    const auto d4 = conjugacy_classes({{1, 2, 3, 0}, {0, 3, 2, 1}}, 100);
    CHECK(sizes_of(d4) == std::multiset<Count>{1, 1, 2, 2, 2});
    CHECK_THROWS_AS(conjugacy_classes({{1, 2, 3, 4, 5, 0}, {1, 0, 2, 3, 4, 5}}, 100), InputError);  // S6 has 720
}

// The classes' elements generate the whole group (a proper subgroup meets some class not at
// all), which Group closes element by element: Burnside's sum over every element, each Fix(g)
// counted on its own problem, must equal the sum over the classes weighted by their sizes.
TEST_CASE("full groups by classes: the same Burnside sum as over every element, and the published counts", "[conjugacy][symmetry]") {
    struct Case {
        Problem problem;
        Count total, classes;  // published: OEIS A107739 / A002860, and A109741 / A040082
    };
    Case cases[] = {{make_sudoku(2, 2, ""), 288, 2}, {make_latin(3, false), 12, 1}, {make_latin(4, false), 576, 2}};
    for (const Case& c : cases) {
        INFO(c.problem.name);
        const ClassedGroup full = c.problem.full_group();
        std::vector<Symmetry> elements;
        std::vector<Count> sizes;
        Count order = 0;
        for (const SymmetryClass& k : full.classes) elements.push_back(k.element), sizes.push_back(k.size), order += k.size;
        const Group group = Group::generate(c.problem.matrix, elements);
        CHECK(Count(group.order()) == order);
        const Method dlx{EngineKind::dlx, Choice{}};
        const auto each = recount_fixed(c.problem.matrix, group, c.total, dlx);
        const auto by_class = recount_fixed(c.problem.matrix, full, c.total, dlx);
        REQUIRE(each);
        REQUIRE(by_class);
        Count sum_each = 0, sum_by_class = 0;
        for (const Count& f : *each) sum_each += f;
        for (std::size_t k = 0; k < sizes.size(); ++k) sum_by_class += sizes[k] * (*by_class)[k];
        CHECK(sum_each == sum_by_class);
        CHECK(burnside(*each) == c.classes);
        CHECK(burnside(*by_class, sizes) == c.classes);
        // Side by side on 3 threads, each element and each class: the same lists, in order.
        std::vector<std::size_t> heard;
        CHECK(recount_fixed(c.problem.matrix, group, c.total, dlx, nullptr, 0, 3) == each);
        CHECK(recount_fixed(c.problem.matrix, full, c.total, dlx, nullptr, 0, 3, [&](std::size_t k) { heard.push_back(k); }) == by_class);
        CHECK(heard.size() + 1 == full.classes.size());
        CHECK((heard.empty() || heard.back() == full.classes.size()));
    }
}

TEST_CASE("burnside over classes refuses lists that do not fit", "[conjugacy][symmetry]") {
    CHECK(burnside(std::vector<Count>{4, 2}, std::vector<Count>{1, 1}) == Count(3));
    CHECK_FALSE(burnside(std::vector<Count>{4, 1}, std::vector<Count>{1, 1}));  // 5/2: a bug somewhere
    CHECK_FALSE(burnside(std::vector<Count>{4}, std::vector<Count>{1, 1}));
}

TEST_CASE("a class's element that is no automorphism is refused", "[conjugacy][symmetry]") {
    const Problem latin = make_latin(3, false);
    Symmetry swap_two_options{"broken", std::vector<OptionId>(27), {}};
    for (OptionId o = 0; o < 27; ++o) swap_two_options.options[static_cast<std::size_t>(o)] = o;
    std::swap(swap_two_options.options[0], swap_two_options.options[1]);
    CHECK_THROWS_AS(checked_symmetry(latin.matrix, swap_two_options), InputError);
}
