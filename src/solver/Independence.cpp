//===- Independence.cpp - Byte read sets and the cone of influence --------===//
#include "solver/Independence.h"

#include <algorithm>
#include <iterator>

namespace theseus {

namespace {

void unionInto(ReadSet &Into, const ReadSet &Other) {
  if (Other.empty())
    return;
  if (Into.empty()) {
    Into = Other;
    return;
  }
  ReadSet Merged;
  Merged.reserve(Into.size() + Other.size());
  std::set_union(Into.begin(), Into.end(), Other.begin(), Other.end(),
                 std::back_inserter(Merged));
  Into.swap(Merged);
}

/// Union-find over Read node ids, rebuilt for each query.
class ByteClasses {
public:
  uint32_t find(uint32_t X) {
    auto It = Parent.find(X);
    if (It == Parent.end() || It->second == X)
      return X;
    uint32_t Root = find(It->second);
    Parent[X] = Root;
    return Root;
  }
  void unite(uint32_t A, uint32_t B) {
    A = find(A);
    B = find(B);
    if (A != B)
      Parent[A] = B;
  }

private:
  std::unordered_map<uint32_t, uint32_t> Parent;
};

} // namespace

const ReadSet &ByteReads::of(ExprRef E) {
  auto It = Memo.find(E);
  if (It != Memo.end())
    return It->second;
  ReadSet Ids;
  if (E->kind() == ExprKind::Read) {
    Ids.push_back(E->id());
    Reads.emplace(E->id(), E);
  } else {
    for (unsigned I = 0; I < E->numOperands(); ++I)
      unionInto(Ids, of(E->operand(I)));
  }
  return Memo.emplace(E, std::move(Ids)).first->second;
}

ReadSet ByteReads::ofAll(const std::vector<ExprRef> &Cs) {
  ReadSet All;
  for (ExprRef C : Cs)
    unionInto(All, of(C));
  return All;
}

std::vector<ExprRef>
sliceWith(ByteReads &Use, const std::vector<ExprRef> &Prefix, ExprRef Goal) {
  ByteClasses Classes;
  auto Link = [&](ExprRef E) {
    const ReadSet &Ids = Use.of(E);
    for (size_t I = 1; I < Ids.size(); ++I)
      Classes.unite(Ids[0], Ids[I]);
  };
  for (ExprRef C : Prefix)
    Link(C);
  Link(Goal);
  std::vector<uint32_t> GoalClasses;
  for (uint32_t Id : Use.of(Goal))
    GoalClasses.push_back(Classes.find(Id));
  std::sort(GoalClasses.begin(), GoalClasses.end());
  std::vector<ExprRef> Out;
  for (ExprRef C : Prefix) {
    if (C->isTrue())
      continue;
    const ReadSet &Ids = Use.of(C);
    // A constant false has no reads and makes any goal infeasible.
    if (C->isFalse() ||
        (!Ids.empty() &&
         std::binary_search(GoalClasses.begin(), GoalClasses.end(),
                            Classes.find(Ids[0]))))
      Out.push_back(C);
  }
  Out.push_back(Goal);
  return Out;
}

} // namespace theseus
