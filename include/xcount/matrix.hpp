// xcount/matrix.hpp: an exact-cover problem as items and options, immutable once built.
//
// Items are the things to cover; options are sets of items. A solution is a set of options
// that covers every primary item exactly once and every secondary item at most once.
// Knuth's tiny example (TAOCP 7.2.2.1, and the DLX1 documentation):
//
//     items   a b c d e f g           (all primary)
//     options c e | a d g | b c f | a d f | b g | d e g
//
// has exactly one solution: {a d f}, {b g}, {c e}.
//
//     MatrixBuilder b;
//     ItemId a = b.add_item("a", Kind::primary);  ...
//     b.add_option({c, e});  ...
//     Matrix m = std::move(b).build();
//
// Item and option ids are dense, 0-based and in the order of addition; the dancer and every
// model rely on that. The builder rejects a duplicate item name, a name that the DLX format
// could not write (empty, or holding a blank, ':' or '|'), an empty option and an item
// repeated in one option (MatrixError, which says which item). An option with no primary item
// can never be part of a solution: like DLX1, the builder drops it and records a warning.
//
// Colours (Knuth's DLX2, Algorithm C): an option may give a secondary item a colour, written
// `X:red` in the DLX format. Options that give an item a colour may share it when they all give
// it the same one; an option that holds it without a colour holds it alone. Colour 0 is none;
// a primary item never takes one.
//
// Multiplicities (Knuth's DLX3, Algorithm M): a primary item may have to be covered between lo
// and hi times instead of once, written `lo:hi|X` or `n|X` on the item line. The engines take
// only matrices without them; expand_multiplicities (multiplicity.hpp) turns one into an
// exact-cover problem whose solutions are those of the original, one for one.
//
// Symbols that can be renamed (the digits of a sudoku, the symbols of a Latin square, and a
// Latin square's columns too): a model may declare sets of interchangeable symbols, giving
// symbol k's items slot by slot (set[k][j]). Renaming a set's symbols by any permutation p,
// item set[k][j] going to set[p(k)][j] and every other item staying, maps the options onto the
// options; build() checks that for each set (MatrixError naming the first option that a
// renaming breaks), so a merging engine may key a state by a form reached by renamings of the
// declared sets: equal forms, equal counts. An item may be in one symbol of each set (a Latin
// square's item "symbol s in column c" is in symbol s and in column c).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "xcount/error.hpp"

namespace xcount {

using ItemId = std::int32_t;
using OptionId = std::int32_t;
using ColourId = std::uint32_t;  // 0: no colour

// A set of symbols that can be renamed among themselves: per symbol, its items slot by slot.
using SymbolSet = std::vector<std::vector<ItemId>>;

enum class Kind : std::uint8_t { primary, secondary };

struct Item {
    std::string name;
    Kind kind;
};

// A builder's refusal; `position` is the index within the offending option, or -1.
class MatrixError : public InputError {
public:
    MatrixError(const std::string& message, int position) : InputError(message), position_(position) {}
    int position() const { return position_; }

private:
    int position_;
};

class Matrix {
public:
    std::size_t item_count() const { return items_.size(); }
    std::size_t primary_count() const { return primary_count_; }
    std::size_t option_count() const { return option_begin_.size() - 1; }
    std::size_t node_count() const { return option_items_.size(); }  // sum of option sizes

    const Item& item(ItemId id) const { return items_[static_cast<std::size_t>(id)]; }
    bool is_primary(ItemId id) const { return item(id).kind == Kind::primary; }
    std::span<const ItemId> option(OptionId id) const;
    std::optional<ItemId> find_item(std::string_view name) const;

    // Whether any option gives an item a colour; then the colour of each item of an option,
    // in the order of option(id) (empty span when none has colours).
    bool has_colours() const { return !option_colours_.empty(); }
    std::span<const ColourId> option_colours(OptionId id) const;
    const std::string& colour_name(ColourId c) const { return colour_names_[c]; }  // "" for 0
    // An item of an option as the DLX format writes it: its name, and ":colour" where it has one.
    std::string item_text(OptionId option, std::size_t k) const;

    struct Bounds {
        std::uint32_t lo = 1, hi = 1;
        bool operator==(const Bounds&) const = default;
    };
    bool has_multiplicities() const { return !bounds_.empty(); }
    Bounds item_bounds(ItemId id) const { return bounds_.empty() ? Bounds{} : bounds_[static_cast<std::size_t>(id)]; }

    // A hash of every item (name, kind) and option (and colour, where there are any), in
    // order: equal matrices, equal hashes.
    std::uint64_t fingerprint() const;

    // The order in which the scan rule (ChooseRule::scan) takes the primary items: the first
    // still open is branched on. A model gives its own (a board's cells along its short side,
    // pieces last); otherwise it is the primary items in id order (a DLX file's own order).
    const std::vector<ItemId>& scan_order() const { return scan_order_; }

    // The sets of symbols that can be renamed (see above); empty: none declared.
    const std::vector<SymbolSet>& symbol_sets() const { return symbol_sets_; }

    // Options the builder dropped for having no primary item, one line each.
    const std::vector<std::string>& warnings() const { return warnings_; }

private:
    friend class MatrixBuilder;
    std::vector<Item> items_;
    std::unordered_map<std::string, ItemId> index_;
    std::vector<ItemId> option_items_;
    std::vector<std::uint32_t> option_begin_{0};
    std::vector<ColourId> option_colours_;       // parallel to option_items_; empty: no colours at all
    std::vector<std::string> colour_names_{""};  // by ColourId
    std::unordered_map<std::string, ColourId> colour_index_;
    std::size_t primary_count_ = 0;
    std::vector<std::string> warnings_;
    std::vector<ItemId> scan_order_;
    std::vector<Bounds> bounds_;  // per item; empty: every item plain
    std::vector<SymbolSet> symbol_sets_;
    friend Matrix without_symbols(Matrix matrix);
    friend Matrix with_symbols(Matrix matrix, SymbolSet symbols);
};

// How many symbols the matrix declares, over all its sets.
std::size_t symbols_declared(const Matrix& matrix);

// Per item, the colours options give it, in increasing order (empty for a primary item and
// wherever no option colours it).
std::vector<std::vector<ColourId>> colours_given(const Matrix& matrix);

// The same matrix with no symbols declared (a count that does not merge states up to renaming).
Matrix without_symbols(Matrix matrix);

// The same matrix with one more set of symbols declared, checked as MatrixBuilder::add_symbols
// and build() check them (MatrixError when they are malformed or a renaming breaks an option).
Matrix with_symbols(Matrix matrix, SymbolSet symbols);

class MatrixBuilder {
public:
    ItemId add_item(std::string name, Kind kind);
    std::optional<ItemId> find_item(std::string_view name) const { return matrix_.find_item(name); }
    std::size_t item_count() const { return matrix_.item_count(); }

    // Returns the new option's id, or nullopt when it was dropped (no primary item).
    // `where` names the option in the warning (a file and line, say); empty means "option N".
    std::optional<OptionId> add_option(std::span<const ItemId> items, const std::string& where = {});
    std::optional<OptionId> add_option(std::initializer_list<ItemId> items, const std::string& where = {}) {
        return add_option(std::span<const ItemId>(items.begin(), items.size()), where);
    }
    // The same with a colour per item (0: none; MatrixError for a colour on a primary item).
    std::optional<OptionId> add_option(std::span<const ItemId> items, std::span<const ColourId> colours, const std::string& where = {});
    // The id of the colour of that name, new or not (MatrixError when the DLX format could not
    // write the name).
    ColourId colour(const std::string& name);

    // A primary item to be covered between lo and hi times, 0 <= lo <= hi, hi >= 1
    // (MatrixError otherwise, or for a secondary item).
    void set_bounds(ItemId id, std::uint32_t lo, std::uint32_t hi);

    // The primary items in the order the scan rule takes them (each exactly once; MatrixError
    // otherwise). Without it, build() derives one (see Matrix::scan_order).
    void set_scan_order(std::vector<ItemId> order);

    // Declares a set of symbols that can be renamed (see above): at least two, each with the
    // same number of items, each item in at most one slot of one symbol of the set. build()
    // checks that every renaming of the set maps the options onto the options.
    void add_symbols(SymbolSet symbols);

    Matrix build() &&;

private:
    Matrix matrix_;
    std::vector<std::uint32_t> seen_;  // per item: 1 + index of the last option that used it
    std::size_t offered_ = 0;          // options offered, kept or not
};

}  // namespace xcount
