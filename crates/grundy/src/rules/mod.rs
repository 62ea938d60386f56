//! The rules of the families, low in the house: positions, moves and the closed forms the
//! theory gives (Bouton's nim-sum, Wythoff's pairs, Zeckendorf's form, the staircase's odd
//! steps, octal codes and their heaps, graphs read from text). They import only the ground
//! floor (`ruleset`, `nimber`, `solve`, `game_graph`, `limits`, `error`); the engines
//! (`sequence`, `misere`), the explanations and the tables read them from here, and the doors
//! (`games`: each family's `Rules` and `Family`, the registry) stand above them all and re-export
//! them under their family's name (`grundy::games::heap::OctalCode` is
//! `rules::heap::OctalCode`, a module front ends do not see).

pub mod coin_board;
pub mod coin_sets;
pub mod coins;
pub mod fibonacci;
pub mod georgia_bob;
pub mod graph;
pub mod heap;
pub mod nim;
pub mod northcott;
pub mod staircase;
pub mod wythoff;
