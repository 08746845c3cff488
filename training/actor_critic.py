"""Learn to beat cardgen's `random` bot at classic UNO: a masked actor-critic in NumPy.

The learner holds seat 0 of ``--envs`` tables of the vector environment
(``cardgen.env.vector.CardgenVectorEnv`` with ``opponents``, the other seats played by
cardgen's ``--opponents`` bots, ``random`` by default), all stepped in one call. Its policy is one
hidden layer (tanh) over the observation, with two heads: the logits of every action
(the illegal ones masked out) and the value of the position. It learns by advantage
actor-critic (A2C) with generalised advantage estimates, from rollouts of ``--horizon``
decisions at every table, one forward pass serving them all.
The reward is the environment's: +1 for a round won, -1 for a round another seat won.

Every ``--eval-every`` updates it plays ``--eval-rounds`` rounds with its policy on
fixed seeds (the games' and its own draws) and prints the share it won; the untrained
policy, about uniform over the legal actions, wins about 1 round in ``--players``.
``--plot FILE`` draws the curve as a PNG.

    python training/actor_critic.py [--minutes 3] [--plot docs/images/training-curve.png]
    python training/actor_critic.py --short      # a few thousand steps (the CI test)

Needs `pip install 'cardgen[rl]'` only (NumPy, Gymnasium); the picture uses Pillow,
which cardgen already needs.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from cardgen.env.vector import CardgenVectorEnv


def features(observations: np.ndarray) -> np.ndarray:
    """Counts (hand sizes, the draw pile …) squashed to the scale of the one-hot parts."""
    return np.sign(observations) * np.log1p(np.abs(observations))


class Policy:
    """Observation -> tanh hidden layer -> (masked action logits, value), trained by Adam."""

    def __init__(self, inputs: int, actions: int, hidden: int, rng: np.random.Generator,
                 rate: float) -> None:
        self.params = {
            "w1": rng.normal(0, 1 / np.sqrt(inputs), (inputs, hidden)),
            "b1": np.zeros(hidden),
            "wp": rng.normal(0, 0.01, (hidden, actions)), "bp": np.zeros(actions),
            "wv": rng.normal(0, 0.01, (hidden, 1)), "bv": np.zeros(1),
        }
        self.moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in self.params.items()}
        self.rate, self.updates = rate, 0

    def forward(self, x: np.ndarray,
                masks: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The hidden layer, the masked action probabilities and the values of a batch."""
        p = self.params
        hidden = np.tanh(x @ p["w1"] + p["b1"])
        logits = hidden @ p["wp"] + p["bp"]
        logits = np.where(masks > 0, logits, -1e9)
        logits -= logits.max(axis=1, keepdims=True)
        probabilities = np.exp(logits) * (masks > 0)
        probabilities /= probabilities.sum(axis=1, keepdims=True)
        return hidden, probabilities, (hidden @ p["wv"] + p["bv"])[:, 0]

    def learn(self, x: np.ndarray, masks: np.ndarray, actions: np.ndarray,
              advantages: np.ndarray, returns: np.ndarray, entropy: float) -> None:
        """One Adam step on the actor-critic loss of a batch of decisions."""
        p, n = self.params, len(x)
        hidden, probabilities, values = self.forward(x, masks)
        # d(loss)/d(logits): the policy gradient, minus the entropy bonus's gradient
        chosen = np.zeros_like(probabilities)
        chosen[np.arange(n), actions] = 1.0
        d_logits = -(chosen - probabilities) * advantages[:, None]
        log_p = np.log(np.where(probabilities > 0, probabilities, 1.0))
        plogp = probabilities * log_p
        d_logits += entropy * (plogp - probabilities * plogp.sum(axis=1, keepdims=True))
        d_logits /= n
        d_values = 0.5 * (values - returns)[:, None] / n
        d_hidden = (d_logits @ p["wp"].T + d_values @ p["wv"].T) * (1 - hidden ** 2)
        grads = {"wp": hidden.T @ d_logits, "bp": d_logits.sum(0),
                 "wv": hidden.T @ d_values, "bv": d_values.sum(0),
                 "w1": x.T @ d_hidden, "b1": d_hidden.sum(0)}
        self.updates += 1
        for name, grad in grads.items():
            first, second = self.moments[name]
            first += 0.1 * (grad - first)
            second += 0.001 * (grad ** 2 - second)
            corrected = first / (1 - 0.9 ** self.updates)
            scale = np.sqrt(second / (1 - 0.999 ** self.updates)) + 1e-8
            p[name] -= self.rate * corrected / scale


@dataclass
class Rollout:
    """The decisions of one rollout, table by table (T steps x E tables)."""

    x: list[np.ndarray] = field(default_factory=list)
    masks: list[np.ndarray] = field(default_factory=list)
    actions: list[np.ndarray] = field(default_factory=list)
    values: list[np.ndarray] = field(default_factory=list)
    rewards: list[np.ndarray] = field(default_factory=list)
    ends: list[np.ndarray] = field(default_factory=list)  # a round ended after the step


def advantages_of(rollout: Rollout, last_values: np.ndarray, gamma: float,
                  lam: float) -> tuple[np.ndarray, np.ndarray]:
    """Generalised advantage estimates and returns; a round's end cuts the trace (each
    round is scored on its own)."""
    rewards, values = np.array(rollout.rewards), np.array(rollout.values)
    going_on = 1.0 - np.array(rollout.ends)
    advantages = np.zeros_like(rewards)
    running = np.zeros(rewards.shape[1])
    following = last_values
    for t in range(len(rewards) - 1, -1, -1):
        delta = rewards[t] + gamma * following * going_on[t] - values[t]
        running = delta + gamma * lam * going_on[t] * running
        advantages[t] = running
        following = values[t]
    return advantages, advantages + values


def sample(probabilities: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One action per row, drawn from the row's probabilities."""
    cumulative = probabilities.cumsum(axis=1)
    draws = rng.random((len(probabilities), 1)) * cumulative[:, -1:]
    return np.minimum((cumulative < draws).sum(axis=1), probabilities.shape[1] - 1)


def tables_of(args: argparse.Namespace) -> CardgenVectorEnv:
    return CardgenVectorEnv(args.envs, "classic", args.players, opponents=args.opponents,
                            autoreset_mode="same-step")


def evaluate(policy: Policy, args: argparse.Namespace) -> float:
    """The share of ``--eval-rounds`` rounds the policy wins, on fixed seeds (the games
    and the policy's own draws)."""
    rng = np.random.default_rng(12_345)
    tables = tables_of(args)
    observations, _ = tables.reset(seed=10_000)
    won = rounds = 0
    while rounds < args.eval_rounds:
        masks = observations["action_mask"]
        actions = sample(policy.forward(features(observations["observation"]), masks)[1], rng)
        observations, rewards, _, _, _ = tables.step(actions)
        won, rounds = won + int((rewards > 0).sum()), rounds + int((rewards != 0).sum())
    return won / rounds


def train(args: argparse.Namespace) -> list[tuple[int, float, float]]:
    """Train; returns the curve: (decisions learnt from, seconds, share of rounds won)."""
    rng = np.random.default_rng(args.seed)
    tables = tables_of(args)
    observations, _ = tables.reset(seed=args.seed)
    size = tables.single_observation_space["observation"].shape[0]
    policy = Policy(size, tables.single_action_space.n, args.hidden, rng, args.rate)
    start, decisions, curve = time.perf_counter(), 0, []
    curve.append((0, 0.0, evaluate(policy, args)))
    print(f"decisions {0:>9,}  {0:6.0f} s  rounds won {curve[-1][2]:.1%}", flush=True)
    for update in range(1, args.updates + 1):
        rollout = Rollout()
        for _ in range(args.horizon):
            x = features(observations["observation"])
            masks = observations["action_mask"].copy()  # (the env writes it again)
            _, probabilities, values = policy.forward(x, masks)
            actions = sample(probabilities, rng)
            observations, rewards, terminated, truncated, _ = tables.step(actions)
            ends = ((rewards != 0) | terminated | truncated).astype(float)
            for name, value in (("x", x), ("masks", masks), ("actions", actions),
                                ("values", values), ("rewards", rewards.astype(float)),
                                ("ends", ends)):
                getattr(rollout, name).append(value)
        last = policy.forward(features(observations["observation"]),
                              observations["action_mask"])[2]
        advantages, returns = advantages_of(rollout, last, args.gamma, args.lam)
        advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
        policy.learn(np.concatenate(rollout.x), np.concatenate(rollout.masks),
                     np.concatenate(rollout.actions), advantages.reshape(-1),
                     returns.reshape(-1), args.entropy)
        decisions += args.horizon * tables.num_envs
        seconds = time.perf_counter() - start
        if update % args.eval_every == 0 or update == args.updates or seconds > args.minutes * 60:
            curve.append((decisions, seconds, evaluate(policy, args)))
            print(f"decisions {decisions:>9,}  {seconds:6.0f} s  rounds won {curve[-1][2]:.1%}",
                  flush=True)
        if seconds > args.minutes * 60:
            break
    return curve


def plot(curve: list[tuple[int, float, float]], path: Path, players: int,
         opponents: str) -> None:
    """The share of rounds won against decisions learnt from, as a PNG (Pillow)."""
    from PIL import Image, ImageDraw

    width, height, margin = 720, 400, 60
    image = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(image)
    right, bottom = width - 20, height - margin
    most = max(decisions for decisions, _, _ in curve) or 1

    def at(decisions: float, share: float) -> tuple[float, float]:
        return (margin + (right - margin) * decisions / most,
                bottom - (bottom - 30) * share)

    for share in (0.0, 0.25, 0.5, 0.75, 1.0):
        y = at(0, share)[1]
        draw.line([(margin, y), (right, y)], fill=(225, 225, 225))
        draw.text((10, y - 6), f"{share:.0%}", fill="black")
    chance = at(0, 1 / players)[1]
    draw.line([(margin, chance), (right, chance)], fill=(200, 80, 80), width=1)
    draw.text((right - 170, chance - 14), f"a random learner: 1/{players}", fill=(200, 80, 80))
    draw.line([at(decisions, share) for decisions, _, share in curve],
              fill=(30, 90, 200), width=3)
    for decisions, _, share in curve:
        x, y = at(decisions, share)
        draw.ellipse([x - 3, y - 3, x + 3, y + 3], fill=(30, 90, 200))
    draw.line([(margin, 30), (margin, bottom), (right, bottom)], fill="black")
    draw.text((margin, bottom + 10), "0", fill="black")
    draw.text((right - 80, bottom + 10), f"{most:,}", fill="black")
    draw.text((width // 2 - 120, bottom + 28), "learner decisions trained on", fill="black")
    draw.text((margin + 10, 8), f"rounds won by the policy against {players - 1} "
              f"'{opponents}' bots (classic, seat 0)", fill="black")
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--opponents", default="random")
    parser.add_argument("--envs", type=int, default=32, help="tables stepped together")
    parser.add_argument("--horizon", type=int, default=32, help="decisions per rollout")
    parser.add_argument("--updates", type=int, default=100_000)
    parser.add_argument("--minutes", type=float, default=3.0, help="stop after so long")
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--rate", type=float, default=3e-3)
    parser.add_argument("--gamma", type=float, default=0.99)
    parser.add_argument("--lam", type=float, default=0.95)
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--eval-every", type=int, default=10)
    parser.add_argument("--eval-rounds", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot", type=Path, help="draw the learning curve in this PNG")
    parser.add_argument("--short", action="store_true",
                        help="a few thousand decisions: it runs and learns (the CI test)")
    args = parser.parse_args()
    if args.short:
        args.envs, args.updates, args.eval_every, args.eval_rounds = 16, 24, 24, 100
    curve = train(args)
    if args.plot:
        plot(curve, args.plot, args.players, args.opponents)
        print(f"curve written to {args.plot}")


if __name__ == "__main__":
    main()
