"""Two cards several tests of backs share: a red 5 with a green picture of its own as
its back (green.svg, beside the deck file) and a red 6 printed with no back at all."""

OWN_BACK_CARDS = '''
[[card]]
id = "own"
effect = "number"
colors = ["red"]
values = [5]
name = { fr = "Dos vert", en = "Green back" }
back = "green.svg"

[[card]]
id = "bare"
effect = "number"
colors = ["red"]
values = [6]
name = { fr = "Sans dos", en = "No back" }
back = false
'''
