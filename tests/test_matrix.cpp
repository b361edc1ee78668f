#include <catch2/catch.hpp>

#include "xcount/matrix.hpp"

using namespace xcount;

TEST_CASE("the builder keeps items and options in order of addition", "[matrix]") {
    MatrixBuilder b;
    const ItemId a = b.add_item("a", Kind::primary);
    const ItemId x = b.add_item("x", Kind::secondary);
    const ItemId c = b.add_item("c", Kind::primary);
    CHECK(b.add_option({a, x}) == 0);
    CHECK(b.add_option({c}) == 1);
    const Matrix m = std::move(b).build();
    CHECK(m.item_count() == 3);
    CHECK(m.primary_count() == 2);
    CHECK(m.option_count() == 2);
    CHECK(m.node_count() == 3);
    CHECK(m.option(0).size() == 2);
    CHECK(m.option(0)[1] == x);
    CHECK(m.find_item("c") == c);
    CHECK_FALSE(m.find_item("nope"));
    CHECK_FALSE(m.is_primary(x));
}

TEST_CASE("the builder refuses a duplicate name, an empty option and a repeated item", "[matrix]") {
    MatrixBuilder b;
    const ItemId a = b.add_item("a", Kind::primary);
    const ItemId y = b.add_item("y", Kind::primary);
    CHECK_THROWS_WITH(b.add_item("a", Kind::secondary), Catch::Contains("duplicate item name 'a'"));
    CHECK_THROWS_WITH(b.add_item("", Kind::primary), Catch::Contains("empty"));
    CHECK_THROWS_WITH(b.add_item("r0:1", Kind::primary), Catch::Contains("contains a blank, ':' or '|'"));
    CHECK_THROWS_WITH(b.add_item("a b", Kind::primary), Catch::Contains("contains a blank"));
    CHECK_THROWS_WITH(b.add_option(std::span<const ItemId>{}), Catch::Contains("empty"));
    try {
        b.add_option({a, y, a});
        FAIL("a repeated item was accepted");
    } catch (const MatrixError& e) {
        CHECK(e.position() == 2);
        CHECK(std::string(e.what()).find("'a' appears twice") != std::string::npos);
    }
}

TEST_CASE("an option without a primary item is dropped with a warning", "[matrix]") {
    MatrixBuilder b;
    const ItemId a = b.add_item("a", Kind::primary);
    const ItemId s = b.add_item("s", Kind::secondary);
    CHECK_FALSE(b.add_option({s}, "f.dlx:3"));
    CHECK(b.add_option({a, s}) == 0);  // ids stay dense
    const Matrix m = std::move(b).build();
    CHECK(m.option_count() == 1);
    REQUIRE(m.warnings().size() == 1);
    CHECK(m.warnings()[0] == "f.dlx:3: option has no primary item; dropped");
}
