"""A YOLO-style "Focus" stem: space_to_depth, then a convolution.

The Focus layer of YOLOv5 concatenates the four pixel phases of an image along the channels,
`torch.cat([x[..., ::2, ::2], x[..., 1::2, ::2], x[..., ::2, 1::2], x[..., 1::2, 1::2]], 1)`, and
convolves. space_to_depth (NCHW, DCR) produces the same channels with the two middle phases in
the other order, (row, column) = (0, 0), (0, 1), (1, 0), (1, 1), as one op that exports to one
ONNX SpaceToDepth node; weights trained with YOLOv5's order load after swapping those two blocks of
input channels.

    python examples/focus_stem.py [output.onnx]
"""
from __future__ import annotations

import sys

from walkthrough import AscendLayer, run_all  # sets up the simulated npu device first

import torch  # noqa: E402


class PhaseConcat(torch.nn.Module):
    """The four pixel phases of x concatenated along the channels, in space_to_depth's DCR order."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.cat([x[..., 0::2, 0::2], x[..., 0::2, 1::2], x[..., 1::2, 0::2], x[..., 1::2, 1::2]], 1)


def focus_stem(channels: int = 3, features: int = 16) -> torch.nn.Sequential:
    return torch.nn.Sequential(
        AscendLayer("space_to_depth", 2, data_format="NCHW", mode="DCR"),
        torch.nn.Conv2d(4 * channels, features, 3, padding=1),
        torch.nn.SiLU(),
    )


if __name__ == "__main__":
    torch.manual_seed(0)
    model = focus_stem()
    image = torch.rand(2, 3, 8, 12)  # N, C, H, W
    run_all("YOLO Focus stem", model, image, PhaseConcat(),
            sys.argv[1] if len(sys.argv) > 1 else "focus_stem.onnx")
