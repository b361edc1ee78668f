// xcount/frontier.hpp: the engine that counts by layers (the transfer-matrix method: Jensen's
// transfer matrices, Knuth's SIMPATH, Minato's frontier-based search, Iwashita's TdZdd).
//
// The items are put in an order (the model's scan order, or reverse Cuthill-McKee's where its
// window is narrower: a DLX file's order is a suggestion; either way an item that leads no
// option right after the last that leads one holding it) and taken one position at a time.
// Every solution covers position p by the one option whose first position (its lead) is p,
// unless an option led earlier covered it already. So the count below position p depends only
// on which of the positions beyond p that options led before p can reach are covered: the live
// window R(p), a handful of items on a board scanned along its short side. A layer maps each
// window state at p to the number of ways to reach it; taking position p moves every state's
// count into layer p + 1 (as it is where p was covered, once per option led by p that fits
// where it was not), and only one layer is alive at a time. The board's size does not matter,
// the window's width does: at most 128 items, refused with the item where it is wider.
//
// Example: dominoes on a 2x3 board, cells a b c / d e f scanned a d b e c f. At a, the states
// are {} (count 1); a takes a-d or a-b: layer d holds {d} 1 and {b} 1 ...; at the end the one
// state, all covered, holds 3.
//
// A secondary item becomes a position of its own, after the last option that can hold it, with
// one more option holding it alone (taken where no option of the solution holds it): each
// solution is counted once. Colours (Knuth's Algorithm C) take one position more per colour
// given to the item, as the memo engine's bits do: an option giving colour c needs c's
// position free and covers the item's others, so options of one colour share the item and no
// other may hold it. Counts are exact at any size: each state's count is as many 64-bit
// words as the largest count needs, widened (and the layer done again) when a sum overflows.
// A prefix replayed (a subproblem of a split) covers its items before the layers start, and
// the options that meet them are left out. Solutions are visited (search) by dancing links.
// Multiplicities are refused (InputError): count their exact-cover expansion. Where the matrix
// declares symbols that can be renamed, a layer keys its states up to the renamings that keep
// every position on its side of the window (a Latin square's symbols at a row's end).
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "xcount/dancer.hpp"
#include "xcount/matrix.hpp"
#include "xcount/search.hpp"

namespace xcount {

// A term of a family's sequence: the count of board n (see Frontier::follow_family).
using TermSink = std::function<void(std::uint32_t n, const Count& count)>;

// Where a count by layers is: after each position taken, the next position, of how many, and
// the states in the layer there.
using LayerSink = std::function<void(std::size_t position, std::size_t positions, std::uint64_t states)>;

// What a layers file says of the count that saved it (Frontier::save_layers_to).
struct SavedLayers {
    std::size_t position = 0, positions = 0;      // the layer saved is the one before this position
    std::uint64_t states = 0;                     // in it
    std::vector<std::uint64_t> states_per_layer;  // before it, per position
};

// The processes that share every layer (MPI ranks, Jensen's way): each owns the states whose
// hash falls to it, moves them, and sends each state made to its owner once a round. Every
// call is collective: all the processes make it at the same point of the same count.
class LayerPeers {
public:
    virtual ~LayerPeers() = default;
    virtual int rank() const = 0;
    virtual int size() const = 0;
    // outgoing[r]: the words for process r (this one's own, empty); returns what every process
    // sent this one, one after another.
    virtual std::vector<std::uint64_t> exchange(const std::vector<std::vector<std::uint64_t>>& outgoing) = 0;
    virtual std::uint64_t sum(std::uint64_t mine) = 0;
    virtual std::uint64_t max(std::uint64_t mine) = 0;
    virtual std::uint64_t min(std::uint64_t mine) = 0;
    // Process `root`'s words, on every process (each gives a vector of the same size).
    virtual void broadcast(std::vector<std::uint64_t>& words, int root) = 0;
    bool any(bool mine) { return max(mine ? 1 : 0) != 0; }
};

// What the last count by layers saw: per position, the states alive there.
struct FrontierFigures {
    std::vector<std::uint64_t> states;  // per position (the layer before it is taken)
    std::size_t widest = 0;             // the most items in a window
    std::size_t count_words = 1;        // 64-bit words per count (per coefficient) at the end
    std::vector<Count> by_marked;       // the count by the number of marked options (count_by)
    std::uint64_t largest_share = 0;    // with peers: the most states one process moved (nodes: all of them)
    std::uint64_t handed_over = 0;      // states moved by threads that handed what they made to others
    std::uint64_t numbered = 0;         // states moved in shards numbered by some of their bits (dense layers, threads)
};

class Frontier {
public:
    static constexpr bool kMerges = true;
    static constexpr bool kCoarseSplit = true;      // a subproblem's layers cost about the whole problem's
    static constexpr std::size_t kMaxWindow = 128;  // items in a window at most

    explicit Frontier(const Matrix& matrix);  // InputError for multiplicities
    Frontier(Frontier&&) noexcept;
    ~Frontier();
    static bool fits(const Matrix& matrix) { return !matrix.has_multiplicities(); }

    // Every solution below the prefix replayed, counted by layers. A stop (limits.stop) ends
    // it incomplete; the node limit and the solution limit are not looked at (a layer is not a
    // place to carry on from).
    SearchStats count(const Limits& limits = {});
    // A trial: the count, complete when its layers moved at most `states` states in all, else
    // stopped before the layer that would pass them (nodes: the states moved).
    SearchStats count_within(std::uint64_t states);
    // Every solution, visited by dancing links (the layers keep counts, not solutions).
    template <class Visit>
    SearchStats search(Visit&& visit, const Limits& limits = {}) {
        Dancer& d = dancer();
        d.replay(chosen_);
        const SearchStats stats = d.search(visit, limits);
        d.unwind();
        return stats;
    }

    // Takes these options (disjoint, as a split's prefix is), on top of those taken.
    void replay(std::span<const OptionId> prefix);
    void unwind() { chosen_.clear(); }
    int depth() const { return static_cast<int>(chosen_.size()); }
    OptionId option_at(int level) const { return chosen_[static_cast<std::size_t>(level)]; }

    // The tree a prefix was found in: what search() walks; counting by layers needs none.
    void set_forced_items(std::span<const ItemId> items, std::span<const char> second_below = {});
    void set_choice(Choice choice) { shape_.choice = choice; }
    void set_shape(const TreeShape& shape) { shape_ = shape; }
    void set_profile(LevelProfile*) {}
    // Counts a family of boards in one sweep. growth[item]: the first board of the family that
    // holds the item (1, 2, ...); board n is the items of growth <= n with the options among
    // them, and the model vouches that this is the problem of board n (a board grown along one
    // side). The items are taken in order of growth (each board a prefix), and where the items
    // of board n end, the count with an empty window is board n's: `sink` gets it as soon as it
    // is known, n = 1, 2, ... (a stop may end the sweep after some terms: those are whole).
    void follow_family(std::span<const std::uint32_t> growth, TermSink sink);
    // Counts by the options marked (per option of the matrix, 1: marked): figures().by_marked[k]
    // is the number of solutions with k marked options, a generating function (the copies of one
    // piece, say). Each state's count becomes a polynomial with a coefficient for every k up
    // to the most marked options a solution can hold (the items over the smallest marked
    // option), each exact. Empty: none marked.
    void count_by(std::vector<char> marked);
    // Saves the last whole layer to this file as the count goes (a tenth of its time apart, at
    // least a second and at most a minute; and when a stop ends it), written beside it and
    // renamed over it; a count that finds the file carries on from its layer, and removes it
    // when done. A file of another count is refused (InputError). "": none (the default).
    void save_layers_to(std::string path) { layers_file_ = std::move(path); }
    void set_on_layer(LayerSink sink) { on_layer_ = std::move(sink); }
    // What the layers file at `path` holds (nullopt: no file; InputError: not a layers file).
    static std::optional<SavedLayers> saved_layers(const std::string& path);
    // The threads that share each layer's states (1 by default).
    void set_threads(int threads) { threads_ = std::max(threads, 1); }
    // The processes that share each layer with this one (nullptr: none, the default). Every one
    // of them counts the same subproblem at the same time; each gets the whole count and the
    // figures of all (nodes: the states all moved). A layers file is one per process: the path,
    // then ".rank" and the process's rank after the first.
    void share_layers_with(LayerPeers* peers) { peers_ = peers; }

    // Whether a layer keys its states up to renaming the symbols the matrix declares: where
    // some are declared, and the count is neither by marked options nor of a family (a renaming
    // of the whole matrix need keep neither the marks nor a smaller board).
    bool renames() const { return !matrix_->symbol_sets().empty() && marked_.empty() && growth_at_.empty(); }

    std::uint64_t checksum() const;  // the options taken
    std::size_t memory_bytes() const;
    const FrontierFigures& figures() const { return figures_; }
    // Per position, its item (the order the layers take them in); secondary items included, one
    // position for each, and one more for each colour options give it.
    const std::vector<ItemId>& order() const;
    // Of the whole matrix in that order: the most items a window holds, and the states the
    // layers can hold at most, summed over the positions (2^|window| each).
    std::size_t widest_window() const { return widest_; }
    double states_bound() const { return states_bound_; }

    struct Laid;  // the options as positions in that order

private:
    Dancer& dancer();

    const Matrix* matrix_;
    void take_order(std::vector<ItemId> order);
    std::uint64_t fingerprint(const std::vector<char>& covered) const;  // what a layers file is of

    std::vector<ItemId> item_order_;  // the items in order (Laid::item_at: per position)
    std::unique_ptr<Laid> laid_;
    std::size_t widest_ = 0;
    double states_bound_ = 0;
    std::vector<OptionId> chosen_;
    TreeShape shape_;
    int threads_ = 1;
    std::uint64_t budget_ = 0;  // count_within's states (0: none)
    LayerPeers* peers_ = nullptr;
    std::vector<std::uint32_t> growth_at_;  // per position, its item's board (a family), or empty
    std::vector<char> marked_;              // per option as laid out (count_by), or empty
    std::size_t terms_ = 1;
    std::string layers_file_;
    LayerSink on_layer_;
    TermSink sink_;
    FrontierFigures figures_;
    std::unique_ptr<Dancer> dancer_;
};

}  // namespace xcount
