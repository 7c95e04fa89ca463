//===- Coverage.cpp - Lines and branches covered by the explored paths ----===//
#include "explore/Coverage.h"

#include "program/Program.h"

#include "llvm/ADT/STLExtras.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

namespace theseus {

namespace {

/// The functions the entry reaches through direct calls, from it and from
/// every function whose address is taken: an indirect call may reach those.
llvm::DenseSet<const llvm::Function *> reachableFrom(const llvm::Module &M,
                                                     const llvm::Function &E) {
  llvm::DenseSet<const llvm::Function *> Seen;
  std::vector<const llvm::Function *> Work;
  auto Add = [&](const llvm::Function *F) {
    if (F && !F->isDeclaration() && Seen.insert(F).second)
      Work.push_back(F);
  };
  Add(&E);
  for (const llvm::Function &F : M)
    if (F.hasAddressTaken())
      Add(&F);
  while (!Work.empty()) {
    const llvm::Function *F = Work.back();
    Work.pop_back();
    for (const llvm::Instruction &I : llvm::instructions(*F))
      if (auto *Call = llvm::dyn_cast<llvm::CallBase>(&I))
        // A call through a prototype that does not match the definition
        // (K&R C) is still direct.
        Add(llvm::dyn_cast<llvm::Function>(
            Call->getCalledOperand()->stripPointerCasts()));
  }
  return Seen;
}

} // namespace

Coverage::Coverage(const llvm::Module &M, const llvm::Function *Entry) {
  llvm::DenseSet<const llvm::Function *> Reached;
  if (Entry)
    Reached = reachableFrom(M, *Entry);
  std::map<std::string, unsigned> FileIndex;
  std::map<std::pair<unsigned, unsigned>, uint32_t> LineIds;
  std::vector<unsigned> TermsPerFile;
  // Module order, so that every process that loads the program numbers
  // blocks and edges alike (a PathCoverage travels between them).
  std::vector<const llvm::BasicBlock *> BlockOrder;
  std::vector<std::pair<const llvm::Instruction *, unsigned>> EdgeOrder;
  auto IndexOf = [&](const SourceLoc &L) {
    std::string Path = L.fullPath();
    auto [It, New] = FileIndex.emplace(Path, FileNames.size());
    if (New) {
      FileNames.push_back(Path);
      LineHits.emplace_back();
      ReachableLines.emplace_back();
      TermsPerFile.push_back(0);
    }
    return It->second;
  };
  for (const llvm::Function &F : M) {
    if (F.isDeclaration() || !F.getSubprogram())
      continue;
    bool Reachable = !Entry || Reached.contains(&F);
    ++FunctionsTotal;
    FunctionsReachable += Reachable;
    for (const llvm::BasicBlock &BB : F) {
      BlockInfo &Info = Blocks[&BB];
      BlockOrder.push_back(&BB);
      for (const llvm::Instruction &I : BB) {
        if (llvm::isa<llvm::DbgInfoIntrinsic>(I))
          continue;
        SourceLoc L = sourceLocOf(&I);
        if (!L.known())
          continue;
        unsigned FI = IndexOf(L);
        auto [Line, NewLine] =
            LineIds.try_emplace({FI, L.Line}, LineById.size());
        if (NewLine)
          LineById.push_back({FI, L.Line, Line->second});
        Info.Lines.push_back({&I, LineById[Line->second]});
        LineHits[FI].emplace(L.Line, 0);
        if (Reachable)
          ReachableLines[FI].insert(L.Line);
      }
      const llvm::Instruction *T = BB.getTerminator();
      unsigned Successors = 0;
      if (auto *Br = llvm::dyn_cast<llvm::BranchInst>(T))
        Successors = Br->isConditional() ? 2 : 0;
      else if (auto *Sw = llvm::dyn_cast<llvm::SwitchInst>(T))
        Successors = Sw->getNumSuccessors();
      SourceLoc L = sourceLocOf(T);
      // Sanitizer checks (--check=ub) are the compiler's branches, not the
      // program's.
      if (!Successors || !L.known() ||
          T->hasMetadata(llvm::LLVMContext::MD_nosanitize))
        continue;
      unsigned FI = IndexOf(L);
      unsigned Block = TermsPerFile[FI]++;
      for (unsigned S = 0; S < Successors; ++S) {
        Edges[{T, S}] = {FI, L.Line, Block, S, 0, Reachable};
        EdgeOrder.push_back({T, S});
      }
      ReachTotal.Edges += Reachable ? Successors : 0;
    }
  }
  for (const auto &Lines : ReachableLines)
    ReachTotal.Lines += Lines.size();
  // Numbered once the maps stop growing: their values move as they grow.
  for (const llvm::BasicBlock *BB : BlockOrder) {
    BlockInfo &Info = Blocks.find(BB)->second;
    Info.BB = BB;
    Info.Id = BlockById.size();
    BlockById.push_back(&Info);
  }
  for (const auto &Key : EdgeOrder) {
    EdgeInfo &Info = Edges.find(Key)->second;
    Info.Id = EdgeById.size();
    EdgeById.push_back(&Info);
  }
}

void Coverage::countLineHit(LineRef L) {
  ++LinesHit;
  ReachHit.Lines += ReachableLines[L.FileIdx].contains(L.Line);
}

void Coverage::countEdgeHit(const EdgeInfo &E) {
  ++EdgesHit;
  ReachHit.Edges += E.Reachable;
}

unsigned Coverage::markBlock(const llvm::BasicBlock *BB,
                             const llvm::Instruction *Last,
                             PathCoverage *Path) {
  auto It = Blocks.find(BB);
  if (It == Blocks.end())
    return 0;
  BlockInfo &Info = It->second;
  if (Path && Last)
    Path->Partial.push_back({BB, Last});
  else if (Path)
    Path->Blocks.set(Info.Id);
  if (Info.FullyCovered && !Last)
    return 0;
  unsigned New = 0;
  for (auto &[I, Ref] : Info.Lines) {
    uint64_t &Hits = LineHits[Ref.FileIdx][Ref.Line];
    if (Hits++ == 0) {
      ++New;
      countLineHit(Ref);
    }
    if (I == Last)
      break;
  }
  if (!Last) {
    Info.FullyCovered = true;
    ++FullBlocks;
  }
  return New;
}

bool Coverage::blockCovered(const llvm::BasicBlock *BB) const {
  auto It = Blocks.find(BB);
  return It != Blocks.end() && It->second.FullyCovered;
}

bool Coverage::blockUncovered(const llvm::BasicBlock *BB) const {
  auto It = Blocks.find(BB);
  return It != Blocks.end() && !It->second.FullyCovered;
}

namespace {
uint64_t edgeInfoKey(unsigned FileIdx, unsigned Block, unsigned Index) {
  return (uint64_t(FileIdx) << 48) ^ (uint64_t(Block) << 16) ^ Index;
}

void foldEdgeInfo(uint64_t &PathId, unsigned FileIdx, unsigned Block,
                  unsigned Index) {
  PathId = foldEdgeKey(PathId, edgeInfoKey(FileIdx, Block, Index));
}
} // namespace

void Coverage::foldEdge(const llvm::Instruction *Term, unsigned Index,
                        uint64_t &PathId) const {
  auto It = Edges.find({Term, Index});
  if (It != Edges.end())
    foldEdgeInfo(PathId, It->second.FileIdx, It->second.Block, Index);
}

bool Coverage::markEdge(const llvm::Instruction *Term, unsigned Index,
                        uint64_t *PathId, PathCoverage *Path) {
  auto It = Edges.find({Term, Index});
  if (It == Edges.end())
    return false;
  if (Path)
    Path->Edges.set(It->second.Id);
  if (PathId)
    foldEdgeInfo(*PathId, It->second.FileIdx, It->second.Block, Index);
  bool First = It->second.Hits++ == 0;
  if (First)
    countEdgeHit(It->second);
  return First;
}

bool Coverage::edgeUncovered(const llvm::Instruction *Term,
                             unsigned Index) const {
  auto It = Edges.find({Term, Index});
  return It != Edges.end() && It->second.Hits == 0;
}

bool Coverage::edgeCovered(const llvm::Instruction *Term,
                           unsigned Index) const {
  auto It = Edges.find({Term, Index});
  return It != Edges.end() && It->second.Hits > 0;
}

unsigned Coverage::markEdgeCounts(
    llvm::ArrayRef<std::pair<const llvm::Instruction *, unsigned>> Taken,
    llvm::ArrayRef<uint64_t> Counts, PathCoverage *Path) {
  unsigned New = 0;
  for (size_t K = 0; K < Taken.size(); ++K)
    if (auto It = Edges.find(Taken[K]); It != Edges.end() && Counts[K]) {
      if (Path)
        Path->Edges.set(It->second.Id);
      if (It->second.Hits == 0) {
        ++New;
        countEdgeHit(It->second);
      }
      It->second.Hits += Counts[K];
    }
  return New;
}

unsigned Coverage::markPath(const PathCoverage &Path) {
  unsigned New = 0;
  for (unsigned Id : Path.Blocks.set_bits())
    New += markBlock(BlockById[Id]->BB, nullptr);
  for (const auto &[BB, Last] : Path.Partial)
    New += markBlock(BB, Last);
  for (unsigned Id : Path.Edges.set_bits()) {
    EdgeInfo &E = *EdgeById[Id];
    if (E.Hits++ == 0) {
      ++New;
      countEdgeHit(E);
    }
  }
  return New;
}

void Coverage::include(const Coverage &Other) {
  for (size_t File = 0; File < LineHits.size(); ++File)
    for (const auto &[Line, Hits] : Other.LineHits[File]) {
      uint64_t &Mine = LineHits[File][Line];
      if (Hits && !Mine) {
        Mine = Hits;
        countLineHit({static_cast<unsigned>(File), Line, 0});
      }
    }
  for (auto &[Key, E] : Edges) {
    const EdgeInfo &Theirs = Other.Edges.find(Key)->second;
    if (Theirs.Hits && !E.Hits) {
      E.Hits = Theirs.Hits;
      countEdgeHit(E);
    }
  }
  for (auto &[BB, Info] : Blocks)
    if (!Info.FullyCovered && Other.Blocks.find(BB)->second.FullyCovered) {
      Info.FullyCovered = true;
      ++FullBlocks;
    }
}

CoveredItems Coverage::coveredItems() const {
  CoveredItems C;
  for (const LineRef &L : LineById)
    if (LineHits[L.FileIdx].find(L.Line)->second)
      C.Lines.push_back(L.Id);
  for (const EdgeInfo *E : EdgeById)
    if (E->Hits)
      C.Edges.push_back(E->Id);
  return C;
}

void Coverage::includeItems(const CoveredItems &Items) {
  for (uint32_t Id : Items.Lines) {
    const LineRef &L = LineById.at(Id);
    uint64_t &Hits = LineHits[L.FileIdx][L.Line];
    if (!Hits++)
      countLineHit(L);
  }
  for (uint32_t Id : Items.Edges) {
    EdgeInfo &E = *EdgeById.at(Id);
    if (!E.Hits++)
      countEdgeHit(E);
  }
}

EdgeFingerprint Coverage::pathFingerprint(llvm::ArrayRef<EdgeRef> Taken,
                                          uint64_t &PathId) const {
  EdgeFingerprint F{&PathId, {}, {}};
  for (const EdgeRef &E : Taken) {
    auto It = Edges.find(E);
    bool Known = It != Edges.end();
    F.Keys.push_back(
        Known ? edgeInfoKey(It->second.FileIdx, It->second.Block, E.second)
              : 0);
    F.Folded.push_back(Known);
  }
  return F;
}

std::vector<Coverage::File> Coverage::files() const {
  std::vector<File> Out(FileNames.size());
  for (size_t I = 0; I < FileNames.size(); ++I) {
    Out[I].Path = FileNames[I];
    Out[I].Lines = LineHits[I];
  }
  for (const auto &[Key, E] : Edges)
    Out[E.FileIdx].Branches.push_back({E.Line, E.Block, E.Index, E.Hits});
  for (File &F : Out)
    std::sort(F.Branches.begin(), F.Branches.end(),
              [](const Branch &A, const Branch &B) {
                return std::tie(A.Line, A.Block, A.Index) <
                       std::tie(B.Line, B.Block, B.Index);
              });
  return Out;
}

PathCoverage Coverage::pathCoverage() const {
  PathCoverage P;
  P.Blocks.resize(BlockById.size());
  P.Edges.resize(EdgeById.size());
  return P;
}

void Coverage::addLines(const BlockInfo &Info, const llvm::Instruction *Last,
                        std::vector<uint32_t> &Out) const {
  for (const auto &[I, Ref] : Info.Lines) {
    Out.push_back(Ref.Id);
    if (I == Last)
      break;
  }
}

CoveredItems Coverage::itemsOf(const PathCoverage &Path) const {
  CoveredItems C;
  for (unsigned B : Path.Blocks.set_bits())
    addLines(*BlockById[B], nullptr, C.Lines);
  for (const auto &[BB, Last] : Path.Partial)
    addLines(Blocks.find(BB)->second, Last, C.Lines);
  llvm::sort(C.Lines);
  C.Lines.erase(std::unique(C.Lines.begin(), C.Lines.end()), C.Lines.end());
  for (unsigned E : Path.Edges.set_bits())
    C.Edges.push_back(E);
  return C;
}

std::pair<unsigned, unsigned> Coverage::lineOf(uint32_t Id) const {
  return {LineById[Id].FileIdx, LineById[Id].Line};
}

std::pair<unsigned, Coverage::Branch> Coverage::edgeOf(uint32_t Id) const {
  const EdgeInfo &E = *EdgeById[Id];
  return {E.FileIdx, {E.Line, E.Block, E.Index, E.Hits}};
}

unsigned Coverage::allLinesTotal() const {
  unsigned N = 0;
  for (const auto &F : LineHits)
    N += static_cast<unsigned>(F.size());
  return N;
}

} // namespace theseus
