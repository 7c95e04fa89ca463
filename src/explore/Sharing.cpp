//===- Sharing.cpp - Concolic workers of one run sharing its path tree ----===//
#include "explore/Sharing.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/Module.h"

namespace theseus {

namespace {
/// SplitMix64's finalizer: every input bit reaches every output bit.
uint64_t mix(uint64_t X) {
  X ^= X >> 30;
  X *= 0xbf58476d1ce4e5b9ULL;
  X ^= X >> 27;
  X *= 0x94d049bb133111ebULL;
  return X ^ (X >> 31);
}

uint64_t nodeShape(ExprRef E) {
  uint64_t H = mix((uint64_t(E->kind()) << 8) ^ E->width());
  H = mix(H ^ E->value());
  if (E->array())
    H = mix(H ^ std::hash<std::string>()(E->array()->Name));
  return H;
}
} // namespace

TreeKey TreeKey::then(uint32_t Inst, uint64_t Shape, bool Taken) const {
  uint64_t Step = mix((uint64_t(Inst) << 1 | Taken) ^ mix(Shape));
  return {mix(High ^ Step), mix(Low + Step * 0x9e3779b97f4a7c15ULL)};
}

uint64_t conditionShape(ExprRef Cond) {
  uint64_t H = nodeShape(Cond);
  for (unsigned I = 0; I < Cond->numOperands(); ++I)
    H = mix(H + nodeShape(Cond->operand(I)) * (I + 1));
  return H;
}

InstructionNumbers::InstructionNumbers(const llvm::Module &M) {
  uint32_t Next = 0;
  for (const llvm::Function &F : M)
    for (const llvm::BasicBlock &BB : F)
      for (const llvm::Instruction &I : BB) {
        Numbers[&I] = Next++;
        Instructions.push_back(&I);
      }
}

WorkSharing::~WorkSharing() = default;
Upstream::~Upstream() = default;

bool Coordinator::claimSide(unsigned Worker, const TreeKey &Side) {
  ClaimShard &S = shardOf(Side);
  std::lock_guard<std::mutex> Lock(S.Use);
  ++S.Claims;
  return S.Sides.try_emplace(Side, Worker).first->second == Worker;
}

bool Coordinator::claimPath(const TreeKey &Leaf) {
  ClaimShard &S = shardOf(Leaf);
  std::lock_guard<std::mutex> Lock(S.Use);
  ++S.Claims;
  return S.Paths.insert(Leaf).second;
}

uint64_t Coordinator::claims() {
  uint64_t Sum = 0;
  for (ClaimShard &S : Shards) {
    std::lock_guard<std::mutex> Lock(S.Use);
    Sum += S.Claims;
  }
  return Sum;
}

std::optional<bool> Coordinator::partAt(const TreeKey &Side) const {
  std::lock_guard<std::mutex> Lock(QueueUse);
  auto It = Parts.find(Side);
  if (It == Parts.end())
    return std::nullopt;
  return It->second;
}

void Coordinator::give(SharedWork W) {
  std::unique_lock<std::mutex> Lock(QueueUse);
  if (Elsewhere && Hungry.load() <= 0) {
    Parts[W.Side] = false;
    Lock.unlock();
    return Elsewhere->give(std::move(W));
  }
  Queue.push_back(std::move(W));
  Hungry = int(Idle) - int(Queue.size());
  Arrived.notify_one();
}

std::optional<SharedWork> Coordinator::wait() {
  std::unique_lock<std::mutex> Lock(QueueUse);
  ++Idle;
  Hungry = int(Idle) - int(Queue.size());
  for (;;) {
    if (Over)
      return std::nullopt;
    if (!Queue.empty()) {
      SharedWork W = std::move(Queue.front());
      Queue.pop_front();
      --Idle;
      Hungry = int(Idle) - int(Queue.size());
      return W;
    }
    // No one here is left to hand anything over. One worker asks
    // elsewhere; the others wait for what it hands on.
    if (Idle == Workers && !AskingElsewhere) {
      std::optional<SharedWork> W;
      if (Elsewhere) {
        AskingElsewhere = true;
        Lock.unlock();
        W = Elsewhere->wait();
        Lock.lock();
        AskingElsewhere = false;
        if (W)
          Parts[W->Side] = true;
      }
      if (W && !Over) {
        --Idle;
        Hungry = int(Idle) - int(Queue.size());
        return W;
      }
      Over = true;
      Arrived.notify_all();
      return std::nullopt;
    }
    Arrived.wait(Lock);
  }
}

void Coordinator::stop() {
  std::lock_guard<std::mutex> Lock(QueueUse);
  Over = true;
  Arrived.notify_all();
}

size_t Coordinator::unrun() const {
  std::lock_guard<std::mutex> Lock(QueueUse);
  return Queue.size();
}

std::vector<WorkRouter::Delivery> WorkRouter::give(std::string Work) {
  if (Waiting.empty()) {
    Kept.push_back(std::move(Work));
    return {};
  }
  unsigned To = Waiting.back();
  Waiting.pop_back();
  return {{To, std::move(Work)}};
}

std::vector<WorkRouter::Delivery> WorkRouter::idle(unsigned From) {
  if (!Kept.empty()) {
    std::string Work = std::move(Kept.front());
    Kept.pop_front();
    return {{From, std::move(Work)}};
  }
  Waiting.push_back(From);
  return endIfNoWork();
}

std::vector<WorkRouter::Delivery> WorkRouter::ended(unsigned From) {
  --Running;
  llvm::erase(Waiting, From);
  return endIfNoWork();
}

std::vector<WorkRouter::Delivery> WorkRouter::endIfNoWork() {
  std::vector<Delivery> Out;
  if (Running == 0 || Waiting.size() < Running)
    return Out;
  for (unsigned To : Waiting)
    Out.push_back({To, std::nullopt});
  Waiting.clear();
  return Out;
}

} // namespace theseus
