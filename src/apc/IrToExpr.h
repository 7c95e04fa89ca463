//===- IrToExpr.h - The flowgraph's instructions as expressions -----------===//
//
// The symbolic execution step of Algorithm 1 (Strejček and Trtík): the
// instructions of a block, the condition of an edge and the phis it assigns,
// as expressions over an SSA state. Integer parameters read the executor's
// input arrays; read-only input buffers and constant tables are read at an
// element index (Strejček and Trtík, section 4: arrays as functions); local
// arrays and written input buffers are rows of cells (Arrays.h). What the
// model does not cover is unknown (★, a null ExprRef), counted by reason in
// Apc::Unknowns. A call of a summarised function (Flowgraph.h), and an input
// the program reads (`__VERIFIER_nondet_*`), are left to the call model the
// builder sets; the function's own instructions are translated by an
// IrToExpr bound to its call context (CalleeBinding). An assumption's
// condition joins the path's.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_APC_IRTOEXPR_H
#define THESEUS_APC_IRTOEXPR_H

#include "apc/Apc.h"
#include "apc/Flowgraph.h"
#include "expr/Expr.h"
#include "expr/Substitute.h"

#include <functional>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace llvm {
class BasicBlock;
class CallBase;
class GlobalVariable;
class Instruction;
class LoadInst;
class PHINode;
class StoreInst;
class Value;
} // namespace llvm

namespace theseus {

/// A symbolic state: SSA value -> expression, null for the unknown ★. A
/// value missing from the map still has its initial value, its symbol.
using State = std::unordered_map<const llvm::Value *, ExprRef>;

/// What a pointer argument of a call points into, as far as the apc reads
/// memory: an input buffer the program only reads, or a constant table, at
/// a byte offset. Neither: the callee's loads through it are unknown.
struct PointerArg {
  const Array *Buffer = nullptr;
  const llvm::GlobalVariable *Table = nullptr;
  ExprRef Off = nullptr;
  bool known() const { return (Buffer || Table) && Off; }
};

/// A summarised function's parameters in one call context: each integer
/// parameter is a variable, each pointer parameter points into what the
/// context says at the offset of its PointerArg (a constant or a variable).
struct CalleeBinding {
  std::vector<ExprRef> Values;      ///< Per parameter; null for none.
  std::vector<PointerArg> Pointers; ///< Per parameter.
  std::string Prefix;               ///< Of the names of its symbols.
};

/// The value of a call of a summarised function, or of a harness function
/// giving an input, in a state (null: unknown); the condition its return
/// puts on the arguments joins the last argument.
using CallModel =
    std::function<ExprRef(const State &, const llvm::CallBase &, ExprRef &)>;

class IrToExpr {
public:
  /// Binds the entry's parameters to the executor's input arrays, sized as
  /// `Sizes` says. Unknowns and buffer reads are recorded in `Out`.
  IrToExpr(ExprContext &Ctx, const Flowgraph &G, const BufferSizes &Sizes,
           Apc &Out);
  /// For the flowgraph of a summarised function: its parameters as bound.
  IrToExpr(ExprContext &Ctx, const Flowgraph &G, const CalleeBinding &Params,
           Apc &Out);
  ~IrToExpr();
  IrToExpr(const IrToExpr &) = delete;
  IrToExpr &operator=(const IrToExpr &) = delete;

  /// Records `V` as unknown for `Why`; returns the unknown (null).
  ExprRef unknown(const llvm::Value &V, const std::string &Why);
  /// The variable standing for `V`'s value where the region at hand began.
  ExprRef symbol(const llvm::Value *V);
  /// `V`'s value in `S`.
  ExprRef lookup(const State &S, const llvm::Value *V);
  /// What the pointer `P` points into in `S`, for a call's argument.
  PointerArg pointerArg(const State &S, const llvm::Value *P);
  /// Calls of summarised functions and inputs the program reads are
  /// modelled by `M` (else unknown); an assumption joins the condition.
  void setCallModel(CallModel M) { Calls = std::move(M); }
  /// Executes `B` up to `Stop` or its terminator; in-bounds conditions of
  /// its memory accesses join `Apc`.
  void executeBody(State &S, const llvm::BasicBlock *B,
                   const llvm::Instruction *Stop, ExprRef &Apc);
  /// The condition of the edge `From` -> `To` in `S`; null when it is
  /// unconditional or unknown.
  ExprRef edgeCondition(const State &S, const llvm::BasicBlock *From,
                        const llvm::BasicBlock *To);
  /// `To`'s phis take their values for the edge from `From`.
  void assignPhis(State &S, const llvm::BasicBlock *From,
                  const llvm::BasicBlock *To);
  /// `S` as a substitution of the values' symbols.
  Substitution asSubstitution(const State &S);
  /// The cells of the array behind `Base` (phi nodes in no block), or null
  /// when it is not modelled as cells.
  const std::vector<llvm::PHINode *> *cellsOf(const llvm::Value *Base);
  /// Whether `Cell` is a cell of a written input buffer.
  bool isInputCell(const llvm::Value *Cell) const {
    return CellInputs.count(Cell);
  }
  /// A cell's symbol stands for its value where the region at hand began;
  /// at the top, that is the function's entry: the input bytes.
  Substitution cellsAtEntry() const;
  /// The symbols given so far and the integer inputs: what a linear form
  /// over the program's values may range over.
  const std::unordered_map<const llvm::Value *, ExprRef> &symbols() const {
    return Symbols;
  }
  const std::unordered_map<const llvm::Value *, ExprRef> &inputs() const {
    return Inputs;
  }

private:
  struct Address {
    const llvm::Value *Base = nullptr;
    ExprRef Off = nullptr; ///< Null: an index is unknown.
    /// Off / the accessed size, when Aligned (then exact: no term is cut).
    ExprRef Index = nullptr;
    bool Aligned = true;
  };

  void bindInputs(const BufferSizes &Sizes);
  ExprRef evaluate(const State &S, const llvm::Instruction &I);
  ExprRef evaluateCall(const State &S, const llvm::CallBase &C);
  ExprRef evaluateLoad(const State &S, const llvm::LoadInst &L, ExprRef &Apc);
  bool addressOf(const State &S, const llvm::Value *Ptr, uint64_t Size,
                 Address &A);
  ExprRef loadCells(const State &S, const Address &A, uint64_t Size,
                    ExprRef &Apc);
  void executeStore(State &S, const llvm::StoreInst &St, ExprRef &Apc);
  ExprRef loadFromConstant(const llvm::GlobalVariable &GV, ExprRef Off,
                           const llvm::LoadInst &L, ExprRef &Apc);
  /// The bytes of `GV` as a table, or null when it is not one.
  const ConstantTable *tableOf(const llvm::GlobalVariable &GV);

  ExprContext &Ctx;
  const Flowgraph &G;
  Apc &Out;
  std::unordered_map<const llvm::Value *, ExprRef> Inputs;
  /// Pointer parameters to input buffers the program never writes.
  std::unordered_map<const llvm::Value *, const Array *> Buffers;
  /// Pointer parameters to input buffers it may write: modelled as cells
  /// (see cellsOf()) when their accesses allow it.
  std::unordered_map<const llvm::Value *, const Array *> WrittenBuffers;
  /// The input value of each cell of a written input buffer: the entry
  /// value its symbol stands for at the top (see cellsAtEntry()).
  std::unordered_map<const llvm::Value *, ExprRef> CellInputs;
  /// The bytes of constant globals read at a computed offset.
  std::unordered_map<const llvm::GlobalVariable *, const ConstantTable *>
      Tables;
  /// Pointer parameters of a summarised function: the variable offset into
  /// what the call context binds them to (a buffer in Buffers, or a table).
  std::unordered_map<const llvm::Value *, PointerArg> BoundPointers;
  std::string SymbolPrefix;
  CallModel Calls;
  std::unordered_map<const llvm::Value *, ExprRef> Symbols;
  std::map<std::string, std::set<const llvm::Value *>> UnknownSites;
  /// The cells of each local array modelled as cells (section 4): phi
  /// nodes in no block, so that the state, the symbols and the rules treat
  /// a cell as any other value. Empty for an array that is not modelled.
  std::unordered_map<const llvm::Value *, std::vector<llvm::PHINode *>>
      CellNodes;
  std::unordered_map<const llvm::Value *, uint64_t> CellBytes;
};

} // namespace theseus

#endif
